//! The order-pay page's form (`/checkout/order-pay/{id}/?pay_for_order=true&key=`): the card
//! and "Pay for order" for an unpaid or failed order. Back from 3-D Secure the `order_review`
//! parameter settles the order. A failure without a message gets WooCommerce's generic
//! checkout error (spec §8 "order_pay failure without messages").

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isRefusal, type CheckoutApi, type OrdersApi } from '@/lib/api/client';
import type { SavedMethodView } from '@/lib/api/types';
import { messages } from '../messages';
import type { BillingDetails, CardFieldsComponent, CardInput, PaymentsPort } from '../payments-port';
import { confirmPayment, followNextAction, type Outcome } from '../place-order';
import type { PaymentReturnData } from '../return-data';
import { ErrorNotice, type ErrorNoticeState } from './error-notice';
import { PaymentSection } from './payment-section';
import { initialChoice, NEW_METHOD } from './saved-methods';
import '../checkout.css';

export interface OrderPayFormProps {
  orderId: number;
  orderKey: string;
  /** Who pays (the order's billing name and email), for the provider's payment method. */
  billing: BillingDetails;
  orders: Pick<OrdersApi, 'pay'>;
  checkout: Pick<CheckoutApi, 'payment'>;
  payments: PaymentsPort;
  CardFields: CardFieldsComponent;
  navigate(url: string): void;
  /** Data from `order_review` when the shopper comes back from 3-D Secure. */
  returned: PaymentReturnData | null;
  /** A signed-in account's saved cards (issue 15); undefined for guests. */
  savedMethods?: readonly SavedMethodView[];
  /** A fresh Idempotency-Key per press (crypto.randomUUID in the browser). */
  newKey?: () => string;
}

/** How the press pays: a saved card (its id) or the card typed, and "save" for the latter. */
interface PayChoice {
  saved: string | null;
  save: boolean;
}

/**
 * One press of "Pay for order", as the checkout's (place-order.ts): its payment method (the
 * token) and its Idempotency-Key. An answer from the server ends it; a press whose outcome is
 * unknown (offline, a 5xx) is repeated by the next one — same token, same key — so the server
 * answers what the provider said rather than asking the bank twice.
 */
interface PressState {
  token: string | null;
  key: string | null;
}

async function methodFor(props: OrderPayFormProps, card: CardInput | null): Promise<{ id: string } | Outcome> {
  if (!card) return { kind: 'error', messages: [messages.cardIncomplete], field: 'card' };
  const method = await props.payments.createPaymentMethod(card, props.billing).catch(() => null);
  if (!method) return { kind: 'error', messages: [messages.genericError] };
  if ('error' in method) return { kind: 'error', messages: [method.error.message], field: 'card', param: method.error.param };
  return { id: method.id };
}

async function payOrder(props: OrderPayFormProps, card: CardInput | null, choice: PayChoice, press: PressState): Promise<Outcome> {
  if (choice.saved && press.token !== choice.saved) {
    press.token = choice.saved;
    press.key = null;
  }
  if (!press.token) {
    const method = await methodFor(props, card);
    if (!('id' in method)) return method;
    press.token = method.id;
    press.key = null;
  }
  press.key ??= (props.newKey ?? (() => crypto.randomUUID()))();
  let answered = true;
  try {
    const answer = await props.orders.pay(
      props.orderId,
      {
        order_key: props.orderKey,
        payment_method_id: press.token,
        save_payment_method: !choice.saved && choice.save,
        use_saved_method: Boolean(choice.saved),
      },
      press.key,
    );
    if (answer.success && answer.redirect) return { kind: 'redirect', url: answer.redirect };
    if (answer.needs_confirmation && answer.next_action) return followNextAction(props.payments, answer.next_action);
  } catch (error) {
    answered = isRefusal(error);
    if (isRefusal(error) && error.message) return { kind: 'error', messages: [error.message], field: error.field };
  } finally {
    if (answered) {
      press.token = null;
      press.key = null;
    }
  }
  return { kind: 'error', messages: [messages.genericError] };
}

export function OrderPayForm(props: OrderPayFormProps) {
  const { returned, navigate } = props;
  const [busy, setBusy] = useState(returned !== null);
  const [notice, setNotice] = useState<ErrorNoticeState | null>(null);
  const pressing = useRef(returned !== null);
  const card = useRef<CardInput | null>(null);
  const press = useRef<PressState>({ token: null, key: null });
  const presses = useRef(0);
  const [savedChoice, setSavedChoice] = useState(() => initialChoice(props.savedMethods));
  const [saveMethod, setSaveMethod] = useState(false);
  const propsRef = useRef(props);
  propsRef.current = props;

  const settle = (outcome: Outcome) => {
    if (outcome.kind === 'redirect') return navigate(outcome.url);
    if (outcome.kind === 'next_action') return;
    presses.current += 1;
    setNotice({ id: presses.current, errors: outcome.messages.map((message) => ({ field: outcome.field ?? '', message, param: outcome.param })) });
    pressing.current = false;
    setBusy(false);
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  const confirmed = useRef(false);
  useEffect(() => {
    if (!returned || confirmed.current) return;
    confirmed.current = true;
    void confirmPayment(propsRef.current.checkout, returned.order_id, returned.order_key).then((outcome) => settleRef.current(outcome));
  }, [returned]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pressing.current) return;
    pressing.current = true;
    setBusy(true);
    setNotice(null);
    const saved = props.savedMethods && savedChoice !== NEW_METHOD ? savedChoice : null;
    settle(await payOrder(propsRef.current, card.current, { saved, save: Boolean(props.savedMethods) && saveMethod }, press.current));
  };

  return (
    <form id="order_review" className="order-pay-form" aria-label={messages.payForOrder} noValidate onSubmit={(event) => void onSubmit(event)}>
      {notice && <ErrorNotice key={notice.id} notice={notice} />}
      <p role="status" className="sr-only">
        {busy ? (returned ? messages.confirmingPayment : messages.processing) : ''}
      </p>
      <PaymentSection
        CardFields={props.CardFields}
        onCard={(next) => {
          // Another card: the press's payment method no longer stands for it.
          card.current = next;
          press.current = { token: null, key: null };
        }}
        cardError={notice?.errors.find((error) => error.field === 'card')}
        buttonLabel={messages.payForOrder}
        busy={busy}
        saved={
          props.savedMethods && {
            methods: props.savedMethods,
            choice: savedChoice,
            onChoice: (choice) => {
              card.current = null;
              press.current = { token: null, key: null };
              setSavedChoice(choice);
            },
            save: saveMethod,
            onSave: setSaveMethod,
          }
        }
      />
    </form>
  );
}
