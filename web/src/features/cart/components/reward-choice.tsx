//! "Choose your free item" (spec §7 awdr_change_discount_product_in_cart): for each buy-X-get-Y
//! offer the cart qualifies for, a radio group of the items its free item can be. Picking one
//! asks the server (POST /cart/reward), which adds it when the cart does not hold it and prices
//! it free; the cart then shows the server's answer.

import { useId, useRef, useState } from 'react';
import type { CartView, RewardOfferView, RewardOptionView } from '@/lib/api/types';
import { useCartEnvironment } from '../cart-context';
import { messages } from '../messages';
import './reward-choice.css';

export function RewardChoices({ cart }: { cart: CartView }) {
  const offers = cart.reward_offers ?? [];
  if (offers.length === 0) return null;
  return (
    <div className="reward-choices">
      {offers.map((offer) => (
        <RewardChoice key={offer.rule_unique_id} offer={offer} />
      ))}
    </div>
  );
}

const optionKey = (option: RewardOptionView) => `${option.parent_id}:${option.product_id}`;

function RewardChoice({ offer }: { offer: RewardOfferView }) {
  const { store, announce } = useCartEnvironment();
  const name = useId();
  const hintId = useId();
  // The pick the shopper made and the server has not answered yet: shown checked at once, so
  // the radio stays checked (and focused) while the cart reloads, and arrow keys keep working
  // (APG radio group). Only the latest pick counts; a refused one falls back to the server's.
  const [pending, setPending] = useState<string | null>(null);
  const latest = useRef(0);
  const [error, setError] = useState<string | null>(null);
  const served = offer.options.find((option) => option.chosen);
  const shownKey = pending ?? (served ? optionKey(served) : null);

  const pick = (option: RewardOptionView) => {
    const ticket = ++latest.current;
    setPending(optionKey(option));
    setError(null);
    store
      .chooseReward({ rule_unique_id: offer.rule_unique_id, product_id: option.product_id, parent_id: option.parent_id })
      .then(
        () => {
          if (ticket === latest.current) announce(messages.rewardChosen(option.name));
        },
        (failure: unknown) => {
          if (ticket === latest.current) setError(failure instanceof Error ? failure.message : messages.rewardFailed);
        },
      )
      .finally(() => {
        if (ticket === latest.current) setPending(null);
      });
  };
  const busy = pending !== null;

  return (
    <fieldset className="reward-choice" aria-describedby={hintId} aria-busy={busy || undefined}>
      <legend className="reward-choice__title">{messages.chooseFreeItem(offer.title)}</legend>
      <p className="reward-choice__hint" id={hintId}>
        {served ? messages.rewardIs(served.name) : messages.rewardHint}
      </p>
      <ul className="reward-choice__options">
        {offer.options.map((option) => (
          <li key={optionKey(option)}>
            <label className="reward-choice__option">
              <input
                type="radio"
                name={name}
                value={optionKey(option)}
                checked={optionKey(option) === shownKey}
                onChange={() => pick(option)}
              />
              <span className="reward-choice__name">{option.name}</span>{' '}
              <span className="reward-choice__price">
                <del>{option.price.text}</del> <ins>{messages.free}</ins>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p className="cart-notice cart-notice--error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
