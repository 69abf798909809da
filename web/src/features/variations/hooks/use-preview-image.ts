//! The preview image for one chosen value before all are chosen (spec §4, issue part 6).

import { useEffect, useMemo, useState } from 'react';
import { isAbort, type VariationsApi } from '@/lib/api/client';
import type { Variation, VariationImage } from '@/lib/api/types';
import { hasImage, previewImageFrom } from '../engine';

interface PreviewArgs {
  readonly client: VariationsApi;
  readonly productId: number;
  readonly key: string | null;
  /** The value to preview, or null for none. */
  readonly value: string | null;
  /** Preloaded variations; null in lookup mode (then the preview call is used). */
  readonly variations: readonly Variation[] | null;
}

/** From preloaded data when present, else from the preview call (previous one aborted). */
export function usePreviewImage(args: PreviewArgs): VariationImage | null {
  const { client, productId, key, value, variations } = args;
  const [fetched, setFetched] = useState<ReadonlyMap<string, VariationImage | null>>(new Map());
  const local = useMemo(
    () => (variations && key !== null && value !== null ? previewImageFrom(variations, key, value) : null),
    [variations, key, value],
  );
  const remote = value === null ? undefined : fetched.get(value);
  const needed = variations === null && key !== null && value !== null && remote === undefined;

  useEffect(() => {
    if (!needed || key === null || value === null) return undefined;
    const controller = new AbortController();
    client.preview(productId, key, value, controller.signal).then(
      (variation) => {
        const image = hasImage(variation?.image) ? (variation?.image ?? null) : null;
        setFetched((prev) => new Map(prev).set(value, image));
      },
      (error: unknown) => {
        if (!isAbort(error)) console.error('Variation preview failed', error);
      },
    );
    return () => controller.abort();
  }, [needed, client, productId, key, value]);

  if (value === null) return null;
  return variations ? local : (remote ?? null);
}
