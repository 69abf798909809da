//! `/my-account/payment-methods/` (WooCommerce's payment methods table): one row per saved
//! card — Method ("Visa ending in 4242"), Expires ("12/30") and its actions: Delete, Make
//! default (not on the default), Change (the same SetupIntent flow as the add page, replacing
//! this card; ADR 0014 amendment) — and the "Add payment method" button. A notice says what
//! the last action did; focus moves to it so a keyboard user hears the outcome.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import type { SavedMethodView } from '@/lib/api/types';
import { ADD_PAYMENT_METHOD_PATH, messages, NOTICE_PARAM, REPLACE_PARAM } from '../messages';
import type { PaymentMethodsDeps } from '../ports';

export const PAYMENT_METHODS_QUERY_KEY = ['payment-methods'] as const;

interface Notice {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

const ARRIVAL_NOTICES: Record<string, string> = { added: messages.added, changed: messages.changed };

/** The notice the add page sent the shopper back with (`?notice=added`), read once. */
function useArrivalNotice(): Notice | null {
  const [notice] = useState<Notice | null>(() => {
    const key = new URLSearchParams(window.location.search).get(NOTICE_PARAM) ?? '';
    return ARRIVAL_NOTICES[key] ? { id: 0, kind: 'success', text: ARRIVAL_NOTICES[key] } : null;
  });
  useEffect(() => {
    if (notice) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [notice]);
  return notice;
}

function NoticeBox({ notice }: { notice: Notice }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus({ preventScroll: true }), [notice.id]);
  const className = notice.kind === 'success' ? 'woocommerce-message notice notice--success' : 'woocommerce-error notice notice--error';
  return (
    <div ref={ref} tabIndex={-1} role={notice.kind === 'error' ? 'alert' : 'status'} className={`${className} payment-methods__notice`}>
      {notice.text}
    </div>
  );
}

function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : messages.unableToAdd;
}

export function PaymentMethodsPage({ api }: Pick<PaymentMethodsDeps, 'api'>) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PAYMENT_METHODS_QUERY_KEY, queryFn: ({ signal }) => api.list(signal), retry: false });
  const arrival = useArrivalNotice();
  const [notice, setNotice] = useState<Notice | null>(arrival);
  const [busy, setBusy] = useState<string | null>(null);
  const counter = useRef(0);

  const act = async (id: string, run: () => Promise<SavedMethodView[] | void>, done: string) => {
    if (busy) return;
    setBusy(id);
    counter.current += 1;
    try {
      const methods = await run();
      if (methods) queryClient.setQueryData(PAYMENT_METHODS_QUERY_KEY, methods);
      else await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
      setNotice({ id: counter.current, kind: 'success', text: done });
    } catch (error) {
      setNotice({ id: counter.current, kind: 'error', text: errorText(error) });
      await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_QUERY_KEY });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="payment-methods" aria-labelledby="payment-methods-title">
      <h2 id="payment-methods-title" className="screen-reader-text">
        {messages.paymentMethods}
      </h2>
      {notice && <NoticeBox key={notice.id} notice={notice} />}
      {list.isPending && <p role="status">{messages.loading}</p>}
      {list.isError && (
        <p role="alert" className="woocommerce-error notice notice--error">
          {messages.loadFailed}
        </p>
      )}
      {list.data?.length === 0 && <p className="woocommerce-info payment-methods__empty">{messages.noMethods}</p>}
      {list.data && list.data.length > 0 && (
        <table className="woocommerce-MyAccount-paymentMethods shop_table shop_table_responsive account-payment-methods-table payment-methods__table">
          <thead>
            <tr>
              <th scope="col">{messages.method}</th>
              <th scope="col">{messages.expires}</th>
              <th scope="col">
                <span className="sr-only">{messages.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((method) => (
              <tr key={method.id} className={`payment-method${method.is_default ? ' default-payment-method' : ''}`}>
                <th scope="row" data-title={messages.method} className="payment-method-method">
                  {method.display_name}
                  {method.is_default && <span className="payment-methods__default"> ({messages.defaultMethod})</span>}
                </th>
                <td data-title={messages.expires} className="payment-method-expires">
                  {method.expires}
                </td>
                <td className="payment-method-actions payment-methods__actions">
                  <a
                    className="button payment-methods__action"
                    href={`${ADD_PAYMENT_METHOD_PATH}?${REPLACE_PARAM}=${encodeURIComponent(method.id)}`}
                    aria-label={messages.changeNamed(method.display_name)}
                  >
                    {messages.change}
                  </a>
                  {!method.is_default && (
                    <button
                      type="button"
                      className="button payment-methods__action"
                      aria-label={messages.makeDefaultNamed(method.display_name)}
                      disabled={busy !== null}
                      onClick={() => void act(method.id, () => api.makeDefault(method.id), messages.madeDefault)}
                    >
                      {messages.makeDefault}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--danger payment-methods__action delete"
                    aria-label={messages.deleteNamed(method.display_name)}
                    disabled={busy !== null}
                    onClick={() => void act(method.id, () => api.remove(method.id), messages.deleted)}
                  >
                    {messages.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a className="button button--primary payment-methods__add" href={ADD_PAYMENT_METHOD_PATH}>
          {messages.addPaymentMethod}
        </a>
      </p>
    </section>
  );
}
