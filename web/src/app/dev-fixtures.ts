//! Dev only (imported behind `import.meta.env.DEV`, so never bundled): without inlined data, ask
//! a running `vitrine serve` through Vite's proxy, else serve the sample catalogue fixtures.

import { api, type PageFetcher } from '@/lib/api/client';
import type { PageData } from '@/lib/api/types';
import { samplePage } from '@/lib/api/fixtures/pages';

const SERVER_TIMEOUT_MS = 1500;
const FIXTURE_LATENCY_MS = 120;

export async function devStart(path: string): Promise<{ initialPage: PageData; fetchPage: PageFetcher }> {
  try {
    const initialPage = await api.pages.get(path, AbortSignal.timeout(SERVER_TIMEOUT_MS));
    return { initialPage, fetchPage: api.pages.get };
  } catch {
    console.info('vitrine (dev): no server answered /api/v1/pages; showing the sample catalogue fixtures.');
  }
  const fetchPage: PageFetcher = async (next) => {
    await new Promise((resolve) => setTimeout(resolve, FIXTURE_LATENCY_MS));
    return samplePage(next);
  };
  return { initialPage: samplePage(path), fetchPage };
}
