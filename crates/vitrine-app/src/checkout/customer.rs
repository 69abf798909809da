//! A signed-in customer's side of checkout (issue 15): their order placed saves its addresses
//! for the next checkout (WooCommerce saves the customer's billing and shipping fields), and
//! their own orders are read and cancelled by the account instead of the order key.

use vitrine_domain::account::UserId;
use vitrine_domain::address::AddressKind;
use vitrine_domain::customer::{OrderActions, address_to_keep};
use vitrine_domain::order::{Order, OrderId};

use super::orders::OrderDetails;
use super::{Checkout, CheckoutError};
use crate::error::AppResult;

impl Checkout {
    /// Saves a customer's order's billing address, and the address it ships to (the billing
    /// one when it ships there; none for an order with nothing to ship, which leaves the saved
    /// shipping address alone), as the account's. A failed save is logged: the order stands.
    pub(super) async fn remember_addresses(&self, order: &Order) {
        let Some(customer) = order.order.customer_id.map(UserId) else {
            return;
        };
        let billing = Some(&order.order.billing);
        let shipping = order.order.shipping_address.as_ref();
        let now = self.now();
        let kept = [
            (AddressKind::Billing, billing),
            (AddressKind::Shipping, shipping),
        ];
        for (kind, address) in kept
            .into_iter()
            .filter_map(|(kind, a)| a.map(|a| (kind, a)))
        {
            let kept = address_to_keep(kind, address);
            if let Err(error) = self
                .inner
                .customers
                .save_address(customer, kind, &kept, now)
                .await
            {
                tracing::warn!(order = %order.id, %error, "could not save the customer's address");
            }
        }
    }

    /// The customer's own order `id`; another account's, a guest's and an unknown one are
    /// the same 404, so an id reveals nothing.
    pub async fn customer_order(&self, customer: UserId, id: OrderId) -> AppResult<Order> {
        match self.store().order(id).await? {
            Some(order) if order.order.customer_id == Some(customer.0) => Ok(order),
            _ => Err(CheckoutError::OrderNotFound.into()),
        }
    }

    /// The customer's order with its download links (paid orders only).
    pub async fn customer_order_details(
        &self,
        customer: UserId,
        id: OrderId,
    ) -> AppResult<OrderDetails> {
        let order = self.customer_order(customer, id).await?;
        let downloads = if order.is_paid() {
            self.store().downloads(order.id).await?
        } else {
            Vec::new()
        };
        Ok(OrderDetails { order, downloads })
    }

    /// My account → Orders → Cancel: an unpaid pending or failed order of the customer's is
    /// cancelled and its held stock given back, through the same steps as the hold-time
    /// cancel (the provider is asked first: a payment under way or done is never cancelled).
    pub async fn cancel_customer_order(&self, customer: UserId, id: OrderId) -> AppResult<Order> {
        let order = self.customer_order(customer, id).await?;
        if !OrderActions::of(&order).cancel {
            return Err(CheckoutError::NotCancellable.into());
        }
        let attempt = self.store().attempts(id).await?.pop();
        if !self.may_cancel(&order, attempt.as_ref()).await?
            || !self.store().cancel_unpaid(id).await?
        {
            return Err(CheckoutError::NotCancellable.into());
        }
        tracing::info!(order = %id, "order cancelled by its customer; stock restored");
        self.customer_order(customer, id).await
    }
}
