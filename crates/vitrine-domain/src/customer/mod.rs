//! A customer's own records in the account area (issue 15, WooCommerce's My account): their
//! saved billing and shipping addresses, their orders a page at a time and their downloads.
//! Every read is by the account's id, so an account only ever sees its own.

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::account::UserId;
use crate::address::{Address, AddressKind};
use crate::order::{DownloadGrant, Order, OrderStatus};
use crate::ports::StoreError;

/// Orders on one page of My account → Orders (WooCommerce's `posts_per_page`, 10).
pub const ORDERS_PER_PAGE: u32 = 10;

/// The addresses an account keeps for checkout (WooCommerce's customer meta).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SavedAddresses {
    pub billing: Option<Address>,
    pub shipping: Option<Address>,
}

impl SavedAddresses {
    pub fn get(&self, kind: AddressKind) -> Option<&Address> {
        match kind {
            AddressKind::Billing => self.billing.as_ref(),
            AddressKind::Shipping => self.shipping.as_ref(),
        }
    }
}

/// One page of an account's orders, newest first, and how many there are in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPage {
    pub orders: Vec<Order>,
    pub total: u64,
}

/// Which pages an account's order list has: `pages` is at least 1 (an empty list is one
/// page, "No order has been made yet.").
pub fn page_count(total: u64, per_page: u32) -> u32 {
    let per_page = u64::from(per_page.max(1));
    u32::try_from(total.div_ceil(per_page).max(1)).unwrap_or(u32::MAX)
}

/// The rows a page starts at (`page` counted from 1; 0 reads as 1).
pub fn page_offset(page: u32, per_page: u32) -> u64 {
    u64::from(page.max(1) - 1) * u64::from(per_page)
}

/// What a customer may do with their order in My account (WooCommerce's
/// `wc_get_account_orders_actions`): pay and cancel while it waits for payment (pending or
/// failed, `woocommerce_valid_order_statuses_for_payment` / `…_for_cancel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderActions {
    pub pay: bool,
    pub cancel: bool,
}

impl OrderActions {
    pub fn of(order: &Order) -> Self {
        Self::new(order.status, order.is_paid())
    }

    /// The actions of an order in `status`, `paid` or not.
    pub fn new(status: OrderStatus, paid: bool) -> Self {
        let waiting = !paid && status.needs_payment();
        Self {
            pay: waiting,
            cancel: waiting && status.can_become(OrderStatus::Cancelled),
        }
    }
}

/// A saved address as the account keeps it: a shipping address carries no phone or e-mail.
pub fn address_to_keep(kind: AddressKind, address: &Address) -> Address {
    let mut kept = address.clone();
    if kind == AddressKind::Shipping {
        kept.phone.clear();
        kept.email.clear();
    }
    kept
}

/// A customer's records (addresses, orders, downloads), always read by their account's id.
#[async_trait]
pub trait CustomerStore: Send + Sync + 'static {
    async fn addresses(&self, customer: UserId) -> Result<SavedAddresses, StoreError>;
    /// Replaces the account's `kind` address.
    async fn save_address(
        &self,
        customer: UserId,
        kind: AddressKind,
        address: &Address,
        at: OffsetDateTime,
    ) -> Result<(), StoreError>;
    /// The account's orders, newest first (by creation time, then id), `limit` from `offset`.
    async fn orders(
        &self,
        customer: UserId,
        offset: u64,
        limit: u32,
    ) -> Result<OrderPage, StoreError>;
    /// The download links of the account's orders that can still be used at `now` (not
    /// expired, downloads left), newest order first.
    async fn downloads(
        &self,
        customer: UserId,
        now: OffsetDateTime,
    ) -> Result<Vec<DownloadGrant>, StoreError>;
}

#[cfg(test)]
mod tests;
