//! Orders with nothing to pay (a 100 % discount, free products). WooCommerce's
//! `needs_payment()` is false for them: no payment is taken and the order goes straight to
//! processing. Here too: no PaymentIntent, no card, no brake; the store's one `finalize`
//! transaction marks it paid (stock kept, downloads granted, the e-mail queued), so a retry
//! or a second caller changes nothing.

use vitrine_domain::catalogue::ProductId;
use vitrine_domain::order::{
    FinalizeOutcome, Order, OrderStatus, Settlement, download_grants, stock_changes,
};

use super::Checkout;
use super::answer::{PaymentAnswer, received_path};
use super::mail::confirmation;
use super::settle::download_token;
use crate::error::AppResult;

/// The payment method title of an order nobody paid for (WooCommerce shows none).
const FREE_ORDER_TITLE: &str = "";

impl Checkout {
    /// Completes a zero-total order; the order-received page is next.
    pub(super) async fn complete_free(&self, order: &Order) -> AppResult<PaymentAnswer> {
        debug_assert!(order.total().is_zero());
        if !order.is_paid() {
            let products = self.line_products(order).await?;
            let find = |id: ProductId| products.iter().find(|p| p.id == id).cloned();
            let now = self.now();
            let downloads =
                download_grants(order.id, &order.order.lines, &find, now, download_token);
            let settlement = Settlement {
                order_id: order.id,
                intent_id: String::new(),
                amount: order.total(),
                transaction_id: None,
                payment_method_title: FREE_ORDER_TITLE.to_owned(),
                paid_at: now,
                status: OrderStatus::Processing,
                stock: stock_changes(&order.order.lines, &find),
                mail: confirmation(self, order, &downloads),
                downloads,
                attempt: None,
            };
            if self.store().finalize(&settlement).await? == FinalizeOutcome::Paid {
                tracing::info!(order = %order.id, "free order completed without payment");
                self.after_paid(order).await;
            }
        }
        Ok(PaymentAnswer::Received {
            redirect: received_path(order),
        })
    }
}
