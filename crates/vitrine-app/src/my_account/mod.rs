//! My account (issue 15; WooCommerce's account area): a signed-in account's orders a page at
//! a time, one order with its downloads, cancelling an unpaid order, the downloads of every
//! paid order and the saved billing and shipping addresses checkout prefills from. Every
//! call takes the account's id and reads by it: an account only ever sees its own records.

use std::sync::Arc;

use vitrine_domain::account::UserId;
use vitrine_domain::address::{AddressInput, AddressKind};
use vitrine_domain::customer::{
    CustomerStore, ORDERS_PER_PAGE, SavedAddresses, address_to_keep, page_count, page_offset,
};
use vitrine_domain::order::{DownloadGrant, Order, OrderId};

use crate::checkout::{Checkout, CheckoutError, CheckoutRules, OrderDetails};
use crate::clock::Clock;
use crate::error::AppResult;

/// One page of the account's orders.
#[derive(Debug, Clone)]
pub struct AccountOrders {
    /// Newest first.
    pub orders: Vec<Order>,
    /// Counted from 1.
    pub page: u32,
    /// At least 1.
    pub pages: u32,
    pub total: u64,
}

/// The account area's use cases. Cheap to clone.
#[derive(Clone)]
pub struct MyAccount {
    inner: Arc<Inner>,
}

struct Inner {
    customers: Arc<dyn CustomerStore>,
    checkout: Checkout,
    rules: Arc<dyn CheckoutRules>,
    clock: Clock,
}

impl MyAccount {
    pub fn new(
        customers: Arc<dyn CustomerStore>,
        checkout: Checkout,
        rules: Arc<dyn CheckoutRules>,
        clock: Clock,
    ) -> Self {
        Self {
            inner: Arc::new(Inner {
                customers,
                checkout,
                rules,
                clock,
            }),
        }
    }

    /// Page `page` (from 1) of the account's orders, newest first; a page past the last is
    /// empty.
    pub async fn orders(&self, customer: UserId, page: u32) -> AppResult<AccountOrders> {
        let page = page.max(1);
        let found = self
            .inner
            .customers
            .orders(
                customer,
                page_offset(page, ORDERS_PER_PAGE),
                ORDERS_PER_PAGE,
            )
            .await?;
        Ok(AccountOrders {
            pages: page_count(found.total, ORDERS_PER_PAGE),
            orders: found.orders,
            total: found.total,
            page,
        })
    }

    /// The account's order `id` with its download links; any other id is not found.
    pub async fn order(&self, customer: UserId, id: OrderId) -> AppResult<OrderDetails> {
        self.inner
            .checkout
            .customer_order_details(customer, id)
            .await
    }

    /// Cancels the account's unpaid order `id` and gives its stock back.
    pub async fn cancel_order(&self, customer: UserId, id: OrderId) -> AppResult<Order> {
        self.inner
            .checkout
            .cancel_customer_order(customer, id)
            .await
    }

    /// The links the account can still download (not expired, downloads left).
    pub async fn downloads(&self, customer: UserId) -> AppResult<Vec<DownloadGrant>> {
        let now = (self.inner.clock)();
        Ok(self.inner.customers.downloads(customer, now).await?)
    }

    pub async fn addresses(&self, customer: UserId) -> AppResult<SavedAddresses> {
        Ok(self.inner.customers.addresses(customer).await?)
    }

    /// Checks `input` with the shop's address rules (the checkout's: required fields, states,
    /// postcode formats) and keeps it as the account's `kind` address; the first field at
    /// fault is the answer (`invalid_field`, named as the form names it) and nothing changes.
    pub async fn save_address(
        &self,
        customer: UserId,
        kind: AddressKind,
        input: &AddressInput,
    ) -> AppResult<SavedAddresses> {
        let address = self
            .inner
            .rules
            .validate(kind, input)
            .map_err(|e| CheckoutError::field(&e.field, e.message))?;
        let kept = address_to_keep(kind, &address);
        let now = (self.inner.clock)();
        self.inner
            .customers
            .save_address(customer, kind, &kept, now)
            .await?;
        self.addresses(customer).await
    }
}

impl std::fmt::Debug for MyAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MyAccount").finish_non_exhaustive()
    }
}
