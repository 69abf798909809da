//! Quantity input rules (spec §5): plus/minus obey min, max and step, decimals follow the step,
//! minus never goes below zero, and values below min are raised to min.

/**
 * The most units of one item a cart line may hold: the server refuses more with
 * `quantity_too_large` (`MAX_LINE_QUANTITY` in crates/vitrine-domain/src/cart/quantity.rs). It is
 * the `maximum` of the cart requests' `quantity` in docs/openapi.json; quantity.test.ts checks
 * that the two agree, since the generated types carry no values.
 */
export const MAX_LINE_QUANTITY = 9999;

export interface QuantityRules {
  /** Defaults to 0. */
  min?: number;
  /** null, undefined or a negative number: only the line maximum; never above it. */
  max?: number | null;
  /** Defaults to 1. */
  step?: number;
}

interface Resolved {
  min: number;
  max: number;
  step: number;
  decimals: number;
}

/** Number of decimals a step carries: 1 → 0, 0.5 → 1, 0.25 → 2. */
export function stepDecimals(step: number): number {
  if (!Number.isFinite(step) || Number.isInteger(step)) return 0;
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.split('.')[1]?.length ?? 0;
}

function resolve(rules: QuantityRules): Resolved {
  const step = rules.step !== undefined && Number.isFinite(rules.step) && rules.step > 0 ? rules.step : 1;
  const min = rules.min !== undefined && Number.isFinite(rules.min) ? Math.max(0, rules.min) : 0;
  const rawMax = rules.max ?? null;
  const own = rawMax === null || !Number.isFinite(rawMax) || rawMax < 0 ? MAX_LINE_QUANTITY : Math.min(rawMax, MAX_LINE_QUANTITY);
  const max = Math.max(min, own);
  const decimals = Math.max(stepDecimals(step), stepDecimals(min));
  return { min, max, step, decimals };
}

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** Reads what the shopper typed; anything that is not a number is NaN. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The largest value the input allows: the item's own max, never above the line maximum. */
export function maxQuantity(rules: QuantityRules = {}): number {
  return resolve(rules).max;
}

/** Raises a value below min to min, lowers one above max to max; a non-number becomes min. */
export function clampQuantity(value: number, rules: QuantityRules = {}): number {
  const r = resolve(rules);
  if (!Number.isFinite(value) || value < r.min) return r.min;
  if (value > r.max) return r.max;
  return round(value, r.decimals);
}

/** The plus button: one step up, never past max; a value below min jumps to min. */
export function increment(value: number, rules: QuantityRules = {}): number {
  const r = resolve(rules);
  const current = Number.isFinite(value) ? value : 0;
  if (current < r.min) return r.min;
  if (current >= r.max) return r.max;
  const next = round(current + r.step, r.decimals);
  return next > r.max ? r.max : next;
}

/** The minus button: one step down, never below min and never below zero. */
export function decrement(value: number, rules: QuantityRules = {}): number {
  const r = resolve(rules);
  const current = Number.isFinite(value) ? value : 0;
  if (current <= r.min) return r.min;
  const next = round(current - r.step, r.decimals);
  return Math.max(0, r.min, next);
}

/** Whether the plus / minus buttons can still change the value. */
export function canIncrement(value: number, rules: QuantityRules = {}): boolean {
  return increment(value, rules) !== value;
}

export function canDecrement(value: number, rules: QuantityRules = {}): boolean {
  return decrement(value, rules) !== value;
}
