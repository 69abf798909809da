//! The cart's wire shapes (docs/api.md "Cart (issue 3)") now live with the other API types in
//! lib/api/types.ts; re-exported here so the feature's imports stay as they were.

export type {
  AddToCartBody,
  AddToCartResponse,
  CartErrorBody,
  CartItemAttribute,
  CartItemView,
  CartNotice,
  CartQuantityRules,
  CartResponse,
  CartView,
} from '@/lib/api/types';
