//! Back from 3-D Secure with a cart that is already empty: only the order's settlement is left
//! to show — "Confirming your payment…", then the order-received page or why not.

import { useEffect, useRef, useState } from 'react';
import type { CheckoutApi } from '@/lib/api/client';
import { messages } from '../messages';
import { confirmPayment } from '../place-order';
import type { PaymentReturnData } from '../return-data';
import { ErrorNotice, type ErrorNoticeState } from './error-notice';

export interface CheckoutReturnProps {
  checkout: Pick<CheckoutApi, 'payment'>;
  returned: PaymentReturnData;
  navigate(url: string): void;
}

export function CheckoutReturn({ checkout, returned, navigate }: CheckoutReturnProps) {
  const [notice, setNotice] = useState<ErrorNoticeState | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void confirmPayment(checkout, returned.order_id, returned.order_key).then((outcome) => {
      if (outcome.kind === 'redirect') navigate(outcome.url);
      else if (outcome.kind === 'error') setNotice({ id: 1, errors: outcome.messages.map((message) => ({ field: '', message })) });
    });
  }, [checkout, returned, navigate]);
  return (
    <div className="checkout checkout--return">
      <h1>{messages.title}</h1>
      {notice ? <ErrorNotice key={notice.id} notice={notice} /> : <p role="status">{messages.confirmingPayment}</p>}
    </div>
  );
}
