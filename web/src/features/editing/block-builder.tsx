//! Page-builder mode (`?builder={slug}`): the block as saved, then its in-place editor ("Block
//! title", "Block content" in Markdown, "Save block", "Exit page builder"). Saving sends the
//! PUT through the nonce-carrying client and shows what the server stored.

import { useEffect, useRef } from 'react';
import type { BlockView } from '@/lib/api/types';
import { BlockFields, BlockStatus } from './block-fields';
import { EDITING_MESSAGES } from './messages';
import { useBlockDraft } from './use-block-draft';

interface BlockBuilderProps {
  block: BlockView;
  onExit: () => void;
}

export function BlockBuilder({ block, onExit }: BlockBuilderProps) {
  const draft = useBlockDraft(block, EDITING_MESSAGES.saved);
  const form = useRef<HTMLFormElement>(null);

  // Opened from the edit link (or a page load with ?builder=): start in the title field.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('[data-block-title]')?.focus();
  }, []);

  return (
    <form ref={form} className="block-builder" aria-label={`Page builder: ${block.title}`} noValidate onSubmit={draft.onSubmit}>
      <BlockFields draft={draft} titleLabel="Block title" bodyLabel="Block content" />
      <div className="block-builder__actions">
        <button type="submit" className="button button--primary" aria-busy={draft.saving || undefined}>
          Save block
        </button>
        <button type="button" className="button" onClick={onExit}>
          Exit page builder
        </button>
      </div>
      <BlockStatus text={draft.status} />
    </form>
  );
}
