//! Spec §6: users who can edit pages get a console note when reduced motion is on, so an owner
//! who sees still sliders knows why. Once per page load.

import { useEffect } from 'react';
import { prefersReducedMotion } from '@/lib/motion';
import { EDITING_MESSAGES } from './messages';

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
    log(EDITING_MESSAGES.reducedMotion);
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
