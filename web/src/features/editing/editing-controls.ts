//! What only editors load (one chunk): the block's edit button with its links, and the page builder.

export { BlockBuilder } from './block-builder';
export { EditBlockControl } from './edit-block-control';
