//! Vitrine's pure shop rules: money, pricing (currencies, discounts), the catalogue model,
//! listing rules and the storage ports.
//! Nothing here performs I/O; adapters (store, http, import) depend on this crate, never the
//! reverse.

pub mod account;
pub mod address;
pub mod brake;
pub mod cart;
pub mod catalogue;
pub mod content;
pub mod customer;
pub mod hex_id;
pub mod mail;
pub mod media;
pub mod money;
pub mod order;
pub mod payment;
pub mod ports;
pub mod pricing;
pub mod rates;
pub mod review;
pub mod rich_text;
pub mod search;
pub mod shipping;
pub mod tax;
