//! Test helpers (test-only): the demo's T-Shirt bulk rule as the server answers it (10 % off 3–5,
//! 20 % off 6 or more on $18.00), and answers a test settles when it chooses.

import type { BulkTableView, Money, QuantityPriceView } from '@/lib/api/types';

const usd = (minor: number): Money => ({ amount_minor: minor, currency: 'USD', text: `$${(minor / 100).toFixed(2)}` });

export function tShirtPrice(quantity: number): QuantityPriceView {
  const regular = 1800;
  const percent = quantity >= 6 ? 20 : quantity >= 3 ? 10 : 0;
  const unit = (regular * (100 - percent)) / 100;
  const html = percent
    ? `<del aria-hidden="true">${usd(regular).text}</del> <ins>${usd(unit).text}</ins>`
    : usd(regular).text;
  return {
    quantity,
    unit: usd(unit),
    total: usd(unit * quantity),
    regular_unit: usd(regular),
    you_save: usd((regular - unit) * quantity),
    price_html: html,
    discounts: percent ? [{ rule_id: 'tshirt-bulk', title: 'T-Shirt bulk', amount: usd((regular - unit) * quantity) }] : [],
  };
}

export const T_SHIRT_TABLE: BulkTableView = {
  rows: [
    { range: '3 - 5', min: 3, max: 5, discount: '10%', unit: usd(1620) },
    { range: '6 +', min: 6, max: null, discount: '20%', unit: usd(1440) },
  ],
};

export interface Pending<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function pending<T>(): Pending<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
