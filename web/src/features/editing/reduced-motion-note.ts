//! Spec §6: users who can edit pages get a console note when reduced motion is on, so an owner
//! who sees still sliders knows why. Once per page load.

import { useEffect } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

/** ui-contract-additions: the note's words (EDITING_MESSAGES.reducedMotion). */
export const REDUCED_MOTION_NOTE =
  'Reduced motion is on in this browser: sliders, parallax and other animations are shown still. Shoppers without this setting see them move.';

interface NoteEnvironment {
  win?: Pick<Window, 'matchMedia'>;
  log?: (message: string) => void;
}

/** A note that says itself at most once. */
export function createReducedMotionNote() {
  let said = false;
  return (canEdit: boolean, { win = globalThis.window, log = (message) => console.info(message) }: NoteEnvironment = {}): boolean => {
    if (said || !canEdit || !prefersReducedMotion(win)) return false;
    said = true;
    log(REDUCED_MOTION_NOTE);
    return true;
  };
}

// One per page load: module state lives exactly as long as the page.
const noteOnce = createReducedMotionNote();

export function useReducedMotionNote(canEdit: boolean): void {
  useEffect(() => {
    noteOnce(canEdit);
  }, [canEdit]);
}
