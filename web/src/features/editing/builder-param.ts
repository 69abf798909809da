//! The query parameter that opens a block in the page builder (`builder_url`): read by every
//! editable block, apart from the editors' copy (messages.ts), which loads with the editors.

export const BUILDER_PARAM = 'builder';
