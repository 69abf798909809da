//! The discount displays' timings (spec §7 wdr_ajax): a quantity change asks for the price on
//! the next turn (0 ms, so several changes in one turn make one request); the bulk table is
//! refreshed 100 ms after the product or variation changes.

export const QUANTITY_PRICE_DEFER_MS = 0;
export const BULK_TABLE_DEFER_MS = 100;
