//! Form and comment submission triggers (shop, search and form-plugin forms are left out).

import { stripEmails } from '../matching/hygiene';
import type { EventParams } from '../types';

/** Forms with their own events or no tracking value: comments, search, cart, checkout, plugins. */
const EXCLUDED_CLASSES = [
  'comment-form',
  'search-form',
  'woocommerce-product-search',
  'cart',
  'woocommerce-cart-form',
  'woocommerce-shipping-calculator',
  'checkout',
  'checkout_coupon',
  'edd_form',
  'edd_download_purchase_form',
  'wpcf7-form',
  'forminator-custom-form',
  'forminator_ajax',
  'wpforms-form',
  'wpforms-ajax-form',
  'frm-fluent-form',
];

export function isExcludedForm(form: HTMLFormElement): boolean {
  if (form.id === 'adminbarsearch' || form.getAttribute('role') === 'search') return true;
  if (form.parentElement?.classList.contains('nf-form-layout')) return true;
  return EXCLUDED_CLASSES.some((name) => form.classList.contains(name));
}

/** `form_id`, `form_class` and the submit button's text (e-mails stripped). */
export function formParams(form: HTMLFormElement): EventParams {
  const submit = form.querySelector('[type="submit"]');
  const text = submit instanceof HTMLInputElement ? submit.value : (submit?.textContent ?? '');
  return { form_id: form.id, form_class: form.className, text: stripEmails(text.trim()) };
}

/** Generic form submissions; returns a cleanup. */
export function trackFormSubmissions(doc: Document, onForm: (params: EventParams, submit: Event) => void): () => void {
  const listener = (e: Event) => {
    if (e.target instanceof HTMLFormElement && !isExcludedForm(e.target)) onForm(formParams(e.target), e);
  };
  doc.addEventListener('submit', listener, true);
  return () => doc.removeEventListener('submit', listener, true);
}

/** Comment form submissions (`form.comment-form`); returns a cleanup. */
export function trackCommentSubmissions(doc: Document, onComment: () => void): () => void {
  const listener = (e: Event) => {
    if (e.target instanceof HTMLFormElement && e.target.classList.contains('comment-form')) onComment();
  };
  doc.addEventListener('submit', listener, true);
  return () => doc.removeEventListener('submit', listener, true);
}
