//! The editing feature's public face: editable content blocks (edit links, page builder), the
//! backend block editor, the provider the app wires to the account, and the reduced-motion note.

import './editing.css';

export { EditableBlock, type EditableBlockProps } from './editable-block';
export { BlockEditorPage } from './block-editor-page';
export { EditingProvider, useEditing, type EditingContextValue, type EditingProviderProps } from './editing-context';
export { createReducedMotionNote, useReducedMotionNote } from './reduced-motion-note';
export { BUILDER_PARAM, EDITING_MESSAGES } from './messages';
