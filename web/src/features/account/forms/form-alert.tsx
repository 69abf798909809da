//! The alert above an account form for a refusal that belongs to no field (a brake, a lost
//! connection); focus moves to it.

import type { AccountForm } from './use-account-form';

export function FormAlert({ form }: { form: AccountForm }) {
  const { refusal, alertRef } = form;
  if (!refusal || refusal.field) return null;
  return (
    <div key={refusal.id} ref={alertRef} role="alert" tabIndex={-1} className="notice notice--error login__error">
      {refusal.message}
    </div>
  );
}
