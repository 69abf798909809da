//! Settling an order from what the provider says about its intent — the one path every caller
//! takes (checkout, 3-D Secure return, order-pay, sync, webhook, reconciliation). Paid intents
//! go through the store's `finalize`, which marks the order paid once whoever comes first.

use rand::RngCore;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::order::{
    FinalizeOutcome, Order, OrderStatus, PaymentAttempt, Settlement, download_grants, stock_changes,
};
use vitrine_domain::payment::{IntentStatus, NextAction, PaymentIntent, PaymentMethod};

use super::answer::{NextStep, PaymentAnswer, received_path};
use super::mail::confirmation;
use super::{Checkout, CheckoutError};
use crate::error::AppResult;

impl Checkout {
    /// Acts on `intent` (just read from the provider) for `order`.
    pub(super) async fn settle(
        &self,
        order: &Order,
        attempt: &PaymentAttempt,
        intent: &PaymentIntent,
    ) -> AppResult<PaymentAnswer> {
        self.settle_known(order, attempt, intent, None).await
    }

    /// [`Self::settle`] by the payer, who read the payment method already (`card`): the paid
    /// order's title is taken from it when the intent was paid with it, not read again.
    pub(super) async fn settle_known(
        &self,
        order: &Order,
        attempt: &PaymentAttempt,
        intent: &PaymentIntent,
        card: Option<&PaymentMethod>,
    ) -> AppResult<PaymentAnswer> {
        let redirect = received_path(order);
        match intent.status {
            IntentStatus::Succeeded | IntentStatus::RequiresCapture => {
                // The attempt as this answer leaves it goes into finalize's own transaction.
                let updated = attempt.updated_by(intent, None, self.now());
                let attempt = updated.differs_from(attempt).then_some(updated);
                self.finalize(order, intent, OrderStatus::Processing, attempt, card)
                    .await?;
                self.inner
                    .methods
                    .remember_paid(order.order.customer_id, intent)
                    .await;
                Ok(PaymentAnswer::Received { redirect })
            }
            IntentStatus::Processing => {
                let moved = self
                    .store()
                    .set_unpaid_status(
                        order.id,
                        &[OrderStatus::Pending, OrderStatus::Failed],
                        OrderStatus::OnHold,
                    )
                    .await?;
                if moved {
                    tracing::info!(order = %order.id, "payment processing: order on hold");
                }
                Ok(PaymentAnswer::Received { redirect })
            }
            IntentStatus::RequiresAction | IntentStatus::RequiresConfirmation => {
                let redirect_url = match &intent.next_action {
                    Some(NextAction::RedirectToUrl { url, .. }) => Some(url.clone()),
                    _ => None,
                };
                Ok(PaymentAnswer::NeedsAction(NextStep {
                    client_secret: attempt.client_secret.clone(),
                    redirect_url,
                    return_url: String::new(),
                }))
            }
            IntentStatus::RequiresPaymentMethod => {
                let message = intent.last_payment_error.as_ref().map_or_else(
                    || {
                        "Payment authorization failed. Please try again or use another \
                         payment method."
                            .to_owned()
                    },
                    |e| e.message.clone(),
                );
                Err(CheckoutError::PaymentFailed { message }.into())
            }
            IntentStatus::Canceled => {
                self.store()
                    .set_unpaid_status(
                        order.id,
                        &[OrderStatus::Pending, OrderStatus::OnHold],
                        OrderStatus::Failed,
                    )
                    .await?;
                Err(CheckoutError::PaymentFailed {
                    message: "The payment was cancelled. Please try again.".to_owned(),
                }
                .into())
            }
        }
    }

    /// Marks the order paid (once): checks the intent is this order's and for its total, then
    /// the store's one transaction takes stock if not held, grants downloads, queues the
    /// e-mail and saves `attempt` (when it changed). The second caller changes nothing but the
    /// attempt.
    pub(super) async fn finalize(
        &self,
        order: &Order,
        intent: &PaymentIntent,
        status: OrderStatus,
        attempt: Option<PaymentAttempt>,
        card: Option<&PaymentMethod>,
    ) -> AppResult<FinalizeOutcome> {
        if order.is_paid() {
            if let Some(attempt) = &attempt {
                self.store().save_attempt(attempt).await?;
            }
            return Ok(FinalizeOutcome::AlreadyPaid);
        }
        let ours =
            intent.metadata.get("order_id").map(String::as_str) == Some(&order.id.to_string());
        if !ours || intent.amount != order.total() {
            tracing::error!(
                order = %order.id,
                intent = %intent.id,
                amount = intent.amount.amount_minor(),
                total = order.total().amount_minor(),
                "intent does not match its order: not marked paid"
            );
            if let Some(attempt) = &attempt {
                self.store().save_attempt(attempt).await?;
            }
            return Ok(FinalizeOutcome::AmountMismatch);
        }
        let products = self.line_products(order).await?;
        let find = |id: ProductId| products.iter().find(|p| p.id == id).cloned();
        let now = self.now();
        let downloads = download_grants(order.id, &order.order.lines, &find, now, download_token);
        let title = self.method_title(intent, card).await;
        let settlement = Settlement {
            order_id: order.id,
            intent_id: intent.id.clone(),
            amount: intent.amount,
            transaction_id: intent.latest_charge.clone(),
            payment_method_title: title,
            paid_at: now,
            status,
            stock: stock_changes(&order.order.lines, &find),
            mail: confirmation(self, order, &downloads),
            downloads,
            attempt,
        };
        let outcome = self.store().finalize(&settlement).await?;
        if outcome == FinalizeOutcome::Paid {
            vitrine_crash::point(vitrine_crash::AFTER_FINALIZE);
            tracing::info!(order = %order.id, intent = %intent.id, "order paid");
            self.after_paid(order).await;
        }
        Ok(outcome)
    }

    /// What follows a payment outside its transaction, best effort: the e-mail goes out, the
    /// server copy of Purchase is recorded. (The cart was emptied in the payment's own
    /// transaction: a crash here must not leave a paid cart full.)
    pub(super) async fn after_paid(&self, order: &Order) {
        self.report_purchase(order).await;
        self.wake_mail();
    }

    pub(super) async fn line_products(
        &self,
        order: &Order,
    ) -> AppResult<Vec<vitrine_domain::catalogue::Product>> {
        let mut ids: Vec<ProductId> = order.order.lines.iter().map(|l| l.product_id).collect();
        ids.dedup();
        let mut products = Vec::with_capacity(ids.len());
        for id in ids {
            match self.inner.catalogue.product(id).await {
                Ok(product) => products.push(product),
                Err(crate::AppError::NotFound(_)) => {}
                Err(other) => return Err(other),
            }
        }
        Ok(products)
    }

    /// "Credit Card (Visa •••• 4242)", or "Credit Card" when the card cannot be read. The
    /// card the payer read already (`known`) when the intent was paid with it.
    async fn method_title(&self, intent: &PaymentIntent, known: Option<&PaymentMethod>) -> String {
        let Some(pm) = &intent.payment_method else {
            return "Credit Card".to_owned();
        };
        let title = |method: &PaymentMethod| {
            format!(
                "Credit Card ({} •••• {})",
                brand_name(&method.card.brand),
                method.card.last4
            )
        };
        if let Some(method) = known.filter(|m| m.id == *pm) {
            return title(method);
        }
        match self.provider().retrieve_payment_method(pm).await {
            Ok(method) => title(&method),
            Err(_) => "Credit Card".to_owned(),
        }
    }
}

fn brand_name(brand: &str) -> String {
    match brand {
        "visa" => "Visa".to_owned(),
        "mastercard" => "Mastercard".to_owned(),
        "amex" => "American Express".to_owned(),
        "discover" => "Discover".to_owned(),
        other => other.to_owned(),
    }
}

/// 256 random bits in hex: a download link's permission.
pub(super) fn download_token() -> String {
    let mut bytes = [0_u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}
