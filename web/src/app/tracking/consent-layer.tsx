//! The cookie banner in the app: shown while the visitor has no valid decision (and the shop
//! uses its own banner), gone as soon as they choose. Its code (with the preferences) is a
//! chunk loaded only when the banner is to be shown.

import { useState } from 'react';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import type { ConsentDecision } from '@/features/consent';
import { chunk } from '@/lib/chunks';
import type { TrackingRuntime } from './runtime';

const ConsentBanner = onDemand(
  chunk(() => import('@/features/consent/consent-banner')),
  (module) => module.ConsentBanner,
);

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
