//! The variable-product form: attribute pickers, Clear, no-match notice, details, add to cart.

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { submitterOf, useAddToCart } from '@/components/use-add-to-cart';
import { api, type VariationsApi } from '@/lib/api/client';
import type { Variation, VariationImage, VariationsFormData } from '@/lib/api/types';
import { buttonAlert, buttonState, showClear } from '../engine';
import { useQuantity } from '../hooks/use-quantity';
import { useReport } from '../hooks/use-report';
import { useVariationForm } from '../hooks/use-variation-form';
import { messages } from '../messages';
import { AddToCart } from './add-to-cart';
import { AttributeField } from './attribute-field';
import { SingleVariation } from './single-variation';
import '../variations.css';

export interface AddToCartArgs {
  variationId: number;
  /** Every attribute key with its chosen value. */
  attributes: Record<string, string>;
  quantity: number;
}

export interface VariationFormProps {
  data: VariationsFormData;
  /** The product's own price HTML, reported through onPriceHtmlChange when the display resets. */
  basePriceHtml: string;
  /** The shown variation, or null when the display resets (not called for the initial null). */
  onVariationChange?(variation: Variation | null): void;
  /**
   * Resolves once added (false: the browser was sent elsewhere); a rejection is logged.
   * `trigger`: the button as it was when used (tracking's disabled-class rule reads it).
   */
  onAddToCart?(args: AddToCartArgs, trigger?: Element): unknown;
  /** The image to show, or null to restore the product's original image. */
  onImageChange?(image: VariationImage | null): void;
  /** The quantity field's value whenever it changes (the price follows it); not the initial one. */
  onQuantityChange?(quantity: number): void;
  /** The price HTML the page should show: the variation's, or basePriceHtml on reset. */
  onPriceHtmlChange?(html: string): void;
  /** The variation calls; default: the page's API client. */
  client?: VariationsApi;
}

/** Spec §8: a failed add is logged to the console, never alerted. */
const logAddFailure = (error: unknown) => console.error('Add to cart failed', error);

/** Render with `key={data.product_id}` so a different product starts from a fresh state. */
export function VariationForm(props: VariationFormProps) {
  const { data, basePriceHtml, onAddToCart } = props;
  const model = useVariationForm(data, props.client ?? api.variations);
  const { variation, selection } = model;
  const quantity = useQuantity(variation);
  const adding = useAddToCart(onAddToCart, { onFailure: logAddFailure });
  const [addedFor, setAddedFor] = useState<Variation | null>(null);
  const state = buttonState(variation);
  const attributesRef = useRef<HTMLDivElement>(null);
  // "Clear" disappears once it has emptied the choices; keep the keyboard user's place by moving
  // focus to the first picker instead of letting it fall back to the page.
  const refocusAfterClear = useRef(false);
  useEffect(() => {
    if (!refocusAfterClear.current) return;
    refocusAfterClear.current = false;
    attributesRef.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"], select')?.focus();
  });
  const clear = () => {
    refocusAfterClear.current = document.activeElement instanceof HTMLElement && document.activeElement.matches('.vt-variations__reset');
    model.clear();
  };

  useReport(variation, String(variation?.variation_id ?? ''), '', props.onVariationChange);
  useReport(model.image, model.image?.src ?? '', '', props.onImageChange);
  const priceHtml = variation?.price_html ?? basePriceHtml;
  useReport(priceHtml, priceHtml, basePriceHtml, props.onPriceHtmlChange);
  const initialQuantity = useRef(String(quantity.rules.value));
  useReport(quantity.rules.value, String(quantity.rules.value), initialQuantity.current, props.onQuantityChange);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const alert = buttonAlert(state);
    if (alert !== null) {
      window.alert(alert);
      return;
    }
    // One add at a time from this form (unlike the queued simple-product button).
    if (!variation || adding.pending) return;
    const added = await adding.submit(
      {
        variationId: variation.variation_id,
        attributes: { ...selection },
        quantity: quantity.rules.value,
      },
      submitterOf(event),
    );
    if (added) setAddedFor(variation);
  };

  return (
    <form
      className={`variations_form vt-variations${model.pending ? ' vt-variations--loading' : ''}`}
      aria-busy={model.pending || undefined}
      data-product_id={data.product_id}
      onSubmit={(event) => void submit(event)}
    >
      <div className="vt-variations__attributes" ref={attributesRef}>
        {data.attributes.map((attribute) => (
          <AttributeField
            key={attribute.key}
            attribute={attribute}
            value={selection[attribute.key] ?? ''}
            states={model.states}
            clickableOutOfStock={data.clickable_out_of_stock}
            clearOnReselect={data.clear_on_reselect}
            onChoose={model.choose}
          />
        ))}
        {showClear(model.index, selection) && (
          <button type="button" className="reset_variations vt-variations__reset" onClick={clear}>
            {messages.clear}
          </button>
        )}
      </div>
      {model.noMatchNotice && (
        <p role="alert" className="wc-no-matching-variations vt-variations__notice">
          {messages.noMatch}
        </p>
      )}
      <SingleVariation variation={variation} stockThreshold={data.stock_left_threshold} />
      {/* WooCommerce's hidden fields of the variations form (read by the discount requests). */}
      <input type="hidden" name="add-to-cart" value={data.product_id} />
      <input type="hidden" name="product_id" value={data.product_id} />
      <input type="hidden" name="variation_id" value={variation?.variation_id ?? 0} />
      <AddToCart state={state} quantity={quantity} busy={adding.pending} added={adding.added && addedFor === variation} />
    </form>
  );
}
