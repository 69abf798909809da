//! The cookie banner in the app: shown while the visitor has no valid decision (and the shop
//! uses its own banner), gone as soon as they choose. Its code (with the preferences) is a
//! chunk loaded only when the banner is to be shown: main.tsx loads it with the first page's
//! view, so the banner comes with the page (it takes focus; a late one would take it from
//! wherever the visitor had got to).

import { useState } from 'react';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import type { ConsentDecision } from '@/features/consent';
import { chunk } from '@/lib/chunks';
import type { TrackingRuntime } from './runtime';

const bannerCode = chunk(() => import('@/features/consent/consent-banner'));
const ConsentBanner = onDemand(bannerCode, (module) => module.ConsentBanner);

/** Loads the banner's code when this visitor is to be asked (before the first render). */
export async function loadConsentBanner(runtime: TrackingRuntime | null): Promise<void> {
  if (runtime?.needsBanner()) await bannerCode.load();
}

export function ConsentLayer({ runtime }: { runtime: TrackingRuntime }) {
  const [open, setOpen] = useState(() => runtime.needsBanner());
  if (!open) return null;
  const onDecision = (decision: ConsentDecision) => {
    setOpen(false);
    void runtime.decide(decision);
  };
  return (
    <ChunkBoundary className="vitrine-consent">
      <ConsentBanner
        bannerVersion={runtime.config.consent.bannerVersion}
        gpc={runtime.gpc}
        initial={runtime.consent.decision()?.choices}
        privacyPolicyUrl={runtime.config.consent.privacyPolicyUrl}
        onDecision={onDecision}
      />
    </ChunkBoundary>
  );
}
