//! The payment part of the form: the payment list (one card method; marked small below 475 px,
//! spec §9), the card fields of the configured provider, and what comes before the button: the
//! terms checkbox when the shop has terms, and the submit button.

import type { ReactNode } from 'react';
import { SMALL_PAYMENT_LIST_PX } from '../constants';
import { useNarrow } from '../hooks/use-narrow';
import { messages } from '../messages';
import type { CardFieldsComponent, CardInput } from '../payments-port';
import { cardFieldOf } from '../place-order';
import type { FieldError } from '../validation';
import { NEW_METHOD, SaveMethodCheckbox, SavedMethods, type SavedMethodsProps } from './saved-methods';

/** Saved cards (signed-in accounts): the choice, and keeping a new card. */
export interface SavedPayment extends Omit<SavedMethodsProps, 'disabled'> {
  /** "Save payment information to my account", for a new card. */
  save: boolean;
  onSave(save: boolean): void;
}

export interface PaymentSectionProps {
  CardFields: CardFieldsComponent;
  /** False for a free order: no payment method is listed (WooCommerce lists none). */
  showCard?: boolean;
  onCard(card: CardInput | null): void;
  /** The card's error from the last press: under the field the provider named, else under the card. */
  cardError?: FieldError;
  /** What sits between the methods and the button (terms, account creation). */
  children?: ReactNode;
  buttonLabel: string;
  busy: boolean;
  /** A signed-in account's saved cards and save checkbox; absent for guests. */
  saved?: SavedPayment;
}

export function PaymentSection({ CardFields, showCard = true, onCard, cardError, children, buttonLabel, busy, saved }: PaymentSectionProps) {
  const [listRef, small] = useNarrow<HTMLUListElement>(SMALL_PAYMENT_LIST_PX);
  const cardField = cardFieldOf(cardError?.param);
  const general = cardError && !cardField ? cardError.message : undefined;
  // Spec §4: a saved card chosen needs no card fields; "Place order" pays with it.
  const newCard = !saved || saved.choice === NEW_METHOD;
  return (
    <div id="payment" className="woocommerce-checkout-payment checkout-payment">
      {showCard && (
      <ul ref={listRef} className={`wc_payment_methods payment_methods methods${small ? ' payment-methods--small' : ''}`} data-size={small ? 'small' : 'regular'}>
        <li className="wc_payment_method payment_method_card">
          <fieldset className="payment_box checkout-payment__card" aria-describedby={general ? 'card-error' : undefined}>
            <legend>{messages.cardPayment}</legend>
            {saved && <SavedMethods methods={saved.methods} choice={saved.choice} onChoice={saved.onChoice} disabled={busy} />}
            {newCard && (
              <CardFields onChange={(value) => onCard(value.card)} errors={cardField && cardError ? { [cardField]: cardError.message } : undefined} disabled={busy} />
            )}
            {saved && newCard && <SaveMethodCheckbox checked={saved.save} onChange={saved.onSave} disabled={busy} />}
            {general && (
              <p id="card-error" className="checkout-field__error">
                {general}
              </p>
            )}
          </fieldset>
        </li>
      </ul>
      )}
      <div className="form-row place-order">
        {children}
        <button type="submit" id="place_order" className="button button--primary alt checkout-payment__submit" disabled={busy} aria-busy={busy || undefined}>
          {buttonLabel}
        </button>
      </div>
    </div>
  );
}
