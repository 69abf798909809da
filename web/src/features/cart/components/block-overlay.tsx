//! The blocking overlay over a line while its change is pending (spec §9: fades in over 200 ms,
//! out over 400 ms, opacity 0.6, z-index 1000). Purely visual: the line says aria-busy.

import { useEffect, useState, type CSSProperties } from 'react';
import { BLOCK_FADE_IN_MS, BLOCK_FADE_OUT_MS, BLOCK_OPACITY, BLOCK_Z_INDEX } from '../constants';

/** The spec's numbers reach cart.css as custom properties, so they live in one place. */
const OVERLAY_STYLE = {
  '--cart-block-in': `${BLOCK_FADE_IN_MS}ms`,
  '--cart-block-out': `${BLOCK_FADE_OUT_MS}ms`,
  '--cart-block-opacity': BLOCK_OPACITY,
  '--z-block-overlay': BLOCK_Z_INDEX,
} as CSSProperties;

type Phase = 'hidden' | 'shown' | 'leaving';

export function BlockOverlay({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<Phase>(active ? 'shown' : 'hidden');
  // Follow `active` during render (no flash of the old phase): in at once, out via "leaving".
  if (active && phase !== 'shown') setPhase('shown');
  if (!active && phase === 'shown') setPhase('leaving');

  useEffect(() => {
    if (phase !== 'leaving') return;
    const timer = window.setTimeout(() => setPhase('hidden'), BLOCK_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden') return null;
  return <div className={`cart-block-overlay cart-block-overlay--${phase}`} style={OVERLAY_STYLE} data-testid="block-overlay" aria-hidden="true" />;
}
