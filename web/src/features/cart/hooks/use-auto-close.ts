//! Closes something after a delay unless paused; every restart key change (a new open) or
//! un-pause starts the full delay again.

import { useEffect } from 'react';

export function useAutoClose(options: { active: boolean; paused: boolean; delay: number; restartKey: unknown; onClose: () => void }) {
  const { active, paused, delay, restartKey, onClose } = options;
  useEffect(() => {
    if (!active || paused) return;
    const timer = window.setTimeout(onClose, delay);
    return () => window.clearTimeout(timer);
  }, [active, paused, delay, restartKey, onClose]);
}
