//! English copy of the discount displays (docs/ui-contract-additions.md "Pricing").

export const messages = {
  bulkCaption: 'Bulk discounts',
  quantity: 'Quantity',
  discount: 'Discount',
  price: 'Price',
  youSave: (amount: string) => `You save ${amount}`,
} as const;
