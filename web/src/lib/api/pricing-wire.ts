//! TEMPORARY: the pricing wire types of issue 12 (/work/notes/pricing-contract.md) until the
//! server's OpenAPI document has them and `schema.d.ts` is regenerated. Delete this file then
//! and alias the generated schemas in types.ts, as every other wire type is.

import type { components } from './schema';

type Schemas = components['schemas'];
type MoneyView = Schemas['MoneyView'];

export interface CurrencyOptionView {
  code: string;
  symbol: string;
  name: string;
  /** custom_format applied ("€ EUR"). */
  label: string;
  /** ISO 3166 alpha-2, lower case ("eu", "gb", "us"). */
  flag: string;
}

export interface SwitcherView {
  layout: string;
  flag_size: string;
  dropdown_icon: string;
  custom_format: string;
  sidebar: boolean;
  do_not_reload_page: boolean;
}

export interface CurrencySiteView {
  current: string;
  base: string;
  options: CurrencyOptionView[];
  switcher: SwitcherView;
}

export interface CurrencyChoiceView {
  current: string;
  previous: string;
}

export interface AppliedDiscountView {
  rule_id: string;
  title: string;
  amount: MoneyView;
}

export interface QuantityPriceView {
  quantity: number;
  unit: MoneyView;
  total: MoneyView;
  regular_unit: MoneyView;
  you_save: MoneyView;
  price_html: string;
  discounts: AppliedDiscountView[];
}

export interface BulkRowView {
  range: string;
  min: number;
  max: number | null;
  discount: string;
  unit: MoneyView;
}

export interface BulkTableView {
  rows: BulkRowView[];
}

export interface CartDiscountView {
  rule_id: string;
  title: string;
  amount: MoneyView;
}

export interface CartPricingWire {
  discount_total: MoneyView;
  discounts: CartDiscountView[];
  free_shipping: boolean;
  currency: string;
}

export interface CartItemPricingWire {
  regular_price: MoneyView;
  discounts: AppliedDiscountView[];
}

export interface SessionWire {
  cart: Omit<Schemas['CartView'], 'items'> & Partial<CartPricingWire> & { items: (Schemas['CartItemView'] & Partial<CartItemPricingWire>)[] };
  currency: string;
  prices: Record<string, Schemas['PriceView']>;
}

/** The pricing paths the generated `paths` do not know yet, called through a loosened request. */
export type LooseRequest = (
  method: 'GET' | 'POST',
  path: string,
  options?: { path?: object; query?: object; body?: unknown; signal?: AbortSignal },
) => Promise<unknown>;
