//! The errors of the last press, listed at the top of the form (spec §8: "shown as a list in an
//! error notice at the top of the form, page scrolls to it"). The notice is a new element per
//! press, so the layout's notice scrolling (theme, spec §9) brings it into view, and it takes
//! focus 500 ms later (spec §9 alert focus delay) so a screen reader reads it and Tab continues
//! into the form. An error that belongs to
//! a field links to it. The parent keys it by the press, so each press mounts a new notice.

import { useEffect, useRef, type MouseEvent } from 'react';
import { ALERT_FOCUS_DELAY_MS } from '../constants';
import { messages } from '../messages';
import type { FieldError } from '../validation';

export interface ErrorNoticeState {
  /** A new number per press: the same message twice still moves focus. */
  id: number;
  errors: FieldError[];
  /** A declined order's order-pay page: it can be paid there later (WooCommerce's "Pay" link). */
  payUrl?: string;
}

export function ErrorNotice({ notice }: { notice: ErrorNoticeState }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Spec §9: focus follows 500 ms after the notice appears. preventScroll: the layout's
    // notice scrolling runs the animated scroll (offset for the sticky header).
    const timer = setTimeout(() => ref.current?.focus({ preventScroll: true }), ALERT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="woocommerce-NoticeGroup woocommerce-NoticeGroup-checkout woocommerce-error notice notice--error checkout-errors">
      <ul className="checkout-errors__list">
        {notice.errors.map((error, index) => (
          <li key={`${error.field}-${index}`} data-id={error.field}>
            {isFormField(error.field) ? (
              <a href={`#${error.field}`} onClick={(event) => focusField(event, error.field)}>
                {error.message}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
      {notice.payUrl && (
        <p className="checkout-errors__pay">
          {messages.payLaterBefore}
          <a href={notice.payUrl}>{messages.payLaterLink}</a>
        </p>
      )}
    </div>
  );
}

/** Errors that name a control of the form (the others, such as a decline, have nowhere to go). */
function isFormField(field: string): boolean {
  return /^(billing|shipping)_/.test(field) || field === 'terms' || field === 'account_password';
}

/** The link moves focus into the field itself (a fragment navigation would only scroll). */
function focusField(event: MouseEvent<HTMLAnchorElement>, field: string): void {
  const target = document.getElementById(field);
  if (!target) return;
  event.preventDefault();
  target.focus();
}
