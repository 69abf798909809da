//! The editing feature's own copy (the server's refusals are shown as they come).

export const EDITING_MESSAGES = {
  saved: 'Block saved.',
  updated: 'Block updated.',
  saveFailed: 'The block could not be saved. Please try again.',
  loadFailed: 'The block could not be loaded.',
  notAllowed: 'Sorry, you are not allowed to edit this block.',
  loading: 'Loading block…',
  markdownHint: 'Markdown: **bold**, *italic*, [a link](https://…), "- " starts a list item, an empty line starts a paragraph.',
  reducedMotion:
    'Reduced motion is on in this browser: sliders, parallax and other animations are shown still. Shoppers without this setting see them move.',
} as const;

/** The server's limits (vitrine_domain::content). */
export const MAX_TITLE_CHARS = 200;
export const MAX_BODY_CHARS = 20_000;

/** The query parameter that opens a block in the page builder (`builder_url`). */
export const BUILDER_PARAM = 'builder';
