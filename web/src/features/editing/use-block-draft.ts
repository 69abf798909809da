//! The state both block editors share: the draft title and body, the save in flight, the
//! server's refusal (with the field at fault) and the success message.

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/client';
import type { BlockView } from '@/lib/api/types';
import { useEditing } from './editing-context';
import { EDITING_MESSAGES } from './messages';

export interface BlockRefusal {
  message: string;
  field: 'title' | 'body' | undefined;
}

export interface BlockDraft {
  title: string;
  body: string;
  setTitle(value: string): void;
  setBody(value: string): void;
  saving: boolean;
  refusal: BlockRefusal | null;
  /** The success message after the last save ('' before). */
  status: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

export function useBlockDraft(block: BlockView, successMessage: string, onSaved?: (block: BlockView) => void): BlockDraft {
  const { saveBlock } = useEditing();
  const [title, setTitle] = useState(block.title);
  const [body, setBody] = useState(block.body);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<BlockRefusal | null>(null);
  const [status, setStatus] = useState('');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setRefusal(null);
    setStatus('');
    saveBlock(block.slug, { title, body })
      .then((stored) => {
        if (!mounted.current) return;
        // What the server kept (trimmed title, unified line ends) is the new draft.
        setTitle(stored.title);
        setBody(stored.body);
        setStatus(successMessage);
        onSaved?.(stored);
      })
      .catch((error: unknown) => {
        if (!mounted.current) return;
        const known = error instanceof ApiError;
        const field = known && (error.field === 'title' || error.field === 'body') ? error.field : undefined;
        setRefusal({ message: known ? error.message : EDITING_MESSAGES.saveFailed, field });
      })
      .finally(() => {
        if (mounted.current) setSaving(false);
      });
  };

  return { title, body, setTitle, setBody, saving, refusal, status, onSubmit };
}
