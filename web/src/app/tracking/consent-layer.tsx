//! The cookie banner in the app: shown while the visitor has no valid decision (and the shop
//! uses its own banner), gone as soon as they choose.

import { useState } from 'react';
import { ConsentBanner, type ConsentDecision } from '@/features/consent';
import type { TrackingRuntime } from './runtime';

export function ConsentLayer({ runtime }: { runtime: TrackingRuntime }) {
  const [open, setOpen] = useState(() => runtime.needsBanner());
  if (!open) return null;
  const onDecision = (decision: ConsentDecision) => {
    setOpen(false);
    void runtime.decide(decision);
  };
  return (
    <ConsentBanner
      bannerVersion={runtime.config.consent.bannerVersion}
      gpc={runtime.gpc}
      initial={runtime.consent.decision()?.choices}
      privacyPolicyUrl={runtime.config.consent.privacyPolicyUrl}
      onDecision={onDecision}
    />
  );
}
