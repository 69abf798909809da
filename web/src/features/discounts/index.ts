//! The discounts feature's public face: the product page's quantity-following price and its
//! bulk-discount table (the app hands them to the product page), and this shopper's prices
//! where rules depend on who is shopping.

export { BulkTable, type BulkTableProps } from './components/bulk-table';
export { QuantityPrice, type QuantityPriceProps } from './components/quantity-price';
export { BULK_TABLE_DEFER_MS, QUANTITY_PRICE_DEFER_MS } from './constants';
export { createPersonalPrices, PERSONAL_PRICES_BATCH, type FetchPrices } from './personal-prices';
