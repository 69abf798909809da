//! The editing feature's own copy (the server's refusals are shown as they come).

import { REDUCED_MOTION_NOTE } from './reduced-motion-note';

export const EDITING_MESSAGES = {
  saved: 'Block saved.',
  updated: 'Block updated.',
  saveFailed: 'The block could not be saved. Please try again.',
  loadFailed: 'The block could not be loaded.',
  notAllowed: 'Sorry, you are not allowed to edit this block.',
  loading: 'Loading block…',
  markdownHint: 'Markdown: **bold**, *italic*, [a link](https://…), "- " starts a list item, an empty line starts a paragraph.',
  reducedMotion: REDUCED_MOTION_NOTE,
} as const;

/** The server's limits (vitrine_domain::content). */
export const MAX_TITLE_CHARS = 200;
export const MAX_BODY_CHARS = 20_000;

export { BUILDER_PARAM } from './builder-param';
