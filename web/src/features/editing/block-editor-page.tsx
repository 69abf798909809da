//! The backend editor (`/my-account/blocks/{slug}/`, WordPress's edit screen for one block):
//! "Edit block: {title}", "Title", "Content" (Markdown), "Update", "View page". The account
//! page around it handles logged-out users; logged-in users without `edit_pages` are told no.

import { useEffect, useId, useState } from 'react';
import { Link } from '@/lib/router';
import { ApiError } from '@/lib/api/client';
import type { BlockView } from '@/lib/api/types';
import { BlockFields, BlockStatus } from './block-fields';
import { useEditing } from './editing-context';
import { EDITING_MESSAGES } from './messages';
import { useBlockDraft } from './use-block-draft';

type Load = { kind: 'loading' } | { kind: 'loaded'; block: BlockView } | { kind: 'failed'; message: string };

export function BlockEditorPage({ slug }: { slug: string }) {
  const { canEdit } = useEditing();
  if (!canEdit) {
    return (
      <div className="block-editor">
        <h1 className="page-title">Edit block</h1>
        <p role="alert" className="notice notice--error">
          {EDITING_MESSAGES.notAllowed}
        </p>
      </div>
    );
  }
  return <LoadedEditor key={slug} slug={slug} />;
}

function LoadedEditor({ slug }: { slug: string }) {
  const { loadBlock, latest } = useEditing();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    loadBlock(slug, controller.signal).then(
      (block) => setLoad({ kind: 'loaded', block }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ kind: 'failed', message: error instanceof ApiError ? error.message : EDITING_MESSAGES.loadFailed });
      },
    );
    return () => controller.abort();
  }, [loadBlock, slug]);

  if (load.kind === 'loading') {
    return (
      <p role="status" className="block-editor__loading">
        {EDITING_MESSAGES.loading}
      </p>
    );
  }
  if (load.kind === 'failed') {
    return (
      <div className="block-editor">
        <h1 className="page-title">Edit block</h1>
        <p role="alert" className="notice notice--error">
          {load.message}
        </p>
      </div>
    );
  }
  return <EditorForm block={latest(load.block)} />;
}

function EditorForm({ block }: { block: BlockView }) {
  const id = useId();
  const draft = useBlockDraft(block, EDITING_MESSAGES.updated);
  return (
    <div className="block-editor">
      <h1 id={`${id}-title`} className="page-title">
        Edit block: {block.title}
      </h1>
      <form className="block-editor__form" aria-labelledby={`${id}-title`} noValidate onSubmit={draft.onSubmit}>
        <BlockFields draft={draft} titleLabel="Title" bodyLabel="Content" rows={14} />
        <div className="block-editor__actions">
          <button type="submit" className="button button--primary" aria-busy={draft.saving || undefined}>
            Update
          </button>
          <Link to={block.page_url} className="text-link">
            View page
          </Link>
        </div>
        <BlockStatus text={draft.status} />
      </form>
    </div>
  );
}
