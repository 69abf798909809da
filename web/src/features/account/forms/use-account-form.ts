//! One account form's sending state and refusal: a refusal that names a field is shown next to
//! that field (and focus moves to the field), any other in an alert above the form (focus moves
//! there 500 ms later, spec §9 alert focus delay). A second press while a request is on its way does nothing.

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useAlertFocus } from '@/components/alert-focus';
import { ApiError } from '@/lib/api/client';

export interface FormRefusal {
  message: string;
  /** The field it belongs next to, when the form has it. */
  field: string | null;
  /** New per refusal, so the same message twice still moves focus. */
  id: number;
}

export interface AccountForm {
  sending: boolean;
  refusal: FormRefusal | null;
  /** Runs `send`; a refusal is kept (the server's words, or `fallback` without them). */
  submit(send: () => Promise<void>): Promise<void>;
  /** The refusal's message for `field`, if it is that field's. */
  errorFor(field: string): string | null;
  clear(): void;
  /** The form: a field's refusal focuses its input (found by `name`). */
  formRef: RefObject<HTMLFormElement | null>;
  /** The alert above the form: other refusals focus it. */
  alertRef: RefObject<HTMLDivElement | null>;
}

export function useAccountForm(fields: readonly string[], fallback: string): AccountForm {
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<FormRefusal | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  const known = useRef(fields);
  known.current = fields;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(
    async (send: () => Promise<void>) => {
      if (busy.current) return;
      busy.current = true;
      setSending(true);
      try {
        await send();
        if (mounted.current) setRefusal(null);
      } catch (error) {
        if (!mounted.current) return;
        const api = error instanceof ApiError ? error : null;
        const field = api?.field && known.current.includes(api.field) ? api.field : null;
        setRefusal((previous) => ({ message: api?.message ?? fallback, field, id: (previous?.id ?? 0) + 1 }));
      } finally {
        busy.current = false;
        if (mounted.current) setSending(false);
      }
    },
    [fallback],
  );

  const formRef = useRef<HTMLFormElement | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);
  // A field's refusal focuses its input at once; the alert takes focus after spec §9's delay.
  const input = refusal?.field ? refusal : null;
  useEffect(() => {
    if (input?.field) formRef.current?.querySelector<HTMLElement>(`[name="${input.field}"]`)?.focus();
  }, [input]);
  useAlertFocus(alertRef, refusal && !refusal.field ? refusal.id : null);

  const errorFor = useCallback((field: string) => (refusal?.field === field ? refusal.message : null), [refusal]);
  const clear = useCallback(() => setRefusal(null), []);
  return { sending, refusal, submit, errorFor, clear, formRef, alertRef };
}
