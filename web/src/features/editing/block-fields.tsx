//! The title and Markdown fields, the polite status and the refusal, shared by the page
//! builder and the backend editor (which name the fields differently).

import { useId } from 'react';
import type { BlockDraft } from './use-block-draft';
import { EDITING_MESSAGES, MAX_BODY_CHARS, MAX_TITLE_CHARS } from './messages';

interface BlockFieldsProps {
  draft: BlockDraft;
  titleLabel: string;
  bodyLabel: string;
  rows?: number;
}

export function BlockFields({ draft, titleLabel, bodyLabel, rows = 8 }: BlockFieldsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const fault = draft.refusal?.field;
  return (
    <>
      <p className="block-fields__field">
        <label htmlFor={`${id}-title`} className="block-fields__label">
          {titleLabel}
        </label>
        <input
          id={`${id}-title`}
          type="text"
          className="block-fields__input"
          maxLength={MAX_TITLE_CHARS}
          required
          value={draft.title}
          onChange={(event) => draft.setTitle(event.target.value)}
          aria-invalid={fault === 'title' || undefined}
          aria-describedby={fault === 'title' ? errorId : undefined}
          data-block-title=""
        />
      </p>
      <p className="block-fields__field">
        <label htmlFor={`${id}-body`} className="block-fields__label">
          {bodyLabel}
        </label>
        <textarea
          id={`${id}-body`}
          className="block-fields__input block-fields__body"
          rows={rows}
          maxLength={MAX_BODY_CHARS}
          value={draft.body}
          onChange={(event) => draft.setBody(event.target.value)}
          aria-invalid={fault === 'body' || undefined}
          aria-describedby={fault === 'body' ? `${errorId} ${hintId}` : hintId}
        />
        <span id={hintId} className="block-fields__hint">
          {EDITING_MESSAGES.markdownHint}
        </span>
      </p>
      {draft.refusal && (
        <p id={errorId} role="alert" className="notice notice--error block-fields__error">
          {draft.refusal.message}
        </p>
      )}
    </>
  );
}

/** Always in the document, so the message is announced when it appears. */
export function BlockStatus({ text }: { text: string }) {
  return (
    <p role="status" className="block-fields__status">
      {text}
    </p>
  );
}
