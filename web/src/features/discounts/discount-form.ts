//! What a discount request reads from a product's add-to-cart form (spec §7 wdr_ajax
//! get_price_html / awdr_get_product_discount take product_id and qty from the form): the
//! product from its `add-to-cart` or `product_id` field, the chosen variation from
//! `variation_id`, the quantity from `quantity`. Spec §8: anything but a form logs "Incorrect
//! form provided"; a form without a valid product logs "Invalid product"; neither asks.

export interface DiscountFormValues {
  productId: number;
  /** The chosen variation of a variable product, else null. */
  variationId: number | null;
  quantity: number;
}

export const INCORRECT_FORM = 'Incorrect form provided';
export const INVALID_PRODUCT = 'Invalid product';

function positiveInteger(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

export function readDiscountForm(form: unknown, log: (message: string) => void = console.log): DiscountFormValues | null {
  if (!(form instanceof HTMLFormElement)) {
    log(INCORRECT_FORM);
    return null;
  }
  const data = new FormData(form);
  const productId = positiveInteger(data.get('product_id')) ?? positiveInteger(data.get('add-to-cart'));
  if (productId === null) {
    log(INVALID_PRODUCT);
    return null;
  }
  return {
    productId,
    variationId: positiveInteger(data.get('variation_id')),
    // An empty or unreadable quantity asks for one, as the form's own minimum would.
    quantity: positiveInteger(data.get('quantity')) ?? 1,
  };
}
