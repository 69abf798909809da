//! Placing an order from the session's cart: validated, priced by the shop, idempotent by
//! `Idempotency-Key` and by cart, its stock taken in the store, then paid.

use rand::RngCore;
use vitrine_domain::account::User;
use vitrine_domain::address::{Address, AddressInput};
use vitrine_domain::cart::SessionId;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::order::{
    Attribution, NewOrder, Order, OrderKey, PlaceOutcome, StockChange, TrackingRef, stock_changes,
};
use vitrine_domain::payment::PaymentMethod;

use super::answer::{PaymentAnswer, PlaceAnswer};
use super::quote::{CheckoutQuote, DestinationInput};
use super::replay::{paid_answer, parse_answer, request_key};
use super::{Checkout, CheckoutError};
use crate::error::{AppError, AppResult};
use crate::pricing::Shopper;

/// What the shopper sent with "Place order". Amounts are not among them.
#[derive(Debug, Clone, Default)]
pub struct PlaceOrder {
    pub billing: AddressInput,
    pub shipping: AddressInput,
    pub ship_to_different_address: bool,
    pub order_comments: String,
    pub terms: bool,
    pub shipping_method: Option<String>,
    pub payment_method_id: String,
    pub save_payment_method: bool,
    /// `payment_method_id` is one of the account's saved cards (it must be theirs).
    pub use_saved_method: bool,
    pub attribution: Attribution,
}

/// Who places it, from where.
#[derive(Debug, Clone)]
pub struct PlaceRequest {
    pub session: Option<SessionId>,
    pub shopper: Shopper,
    pub customer_id: Option<i64>,
    /// The signed-in account (saved cards), when there is one.
    pub user: Option<User>,
    /// The `Idempotency-Key` header, when sent.
    pub idempotency_key: Option<String>,
    /// The client's address, for the payment brake.
    pub client: String,
    /// What the shop's own visitor session knows about where the shopper came from.
    pub server_attribution: Attribution,
    /// The visitor's tracking session and consent decision (cookies), for the server copy
    /// of Purchase.
    pub tracking: Option<TrackingRef>,
}

impl Checkout {
    /// Places the order for the session's cart and pays it with the payment method.
    pub async fn place_order(&self, form: PlaceOrder, req: PlaceRequest) -> AppResult<PlaceAnswer> {
        let key = request_key(req.idempotency_key.as_deref())?;
        let dest = destination(&form);
        let quote = self
            .quote(
                req.session.as_ref(),
                req.shopper,
                &dest,
                form.shipping_method.as_deref(),
            )
            .await?;
        // A retry after the payment finds its cart emptied: the key's answer is read here.
        // With a cart to place, the place transaction's key record answers a used key
        // (`KeyUsed` below) without this read first.
        if let Some(key) = &key
            && quote.cart.priced.lines.is_empty()
            && let Some(done) = self.replay(key, &quote).await?
        {
            return Ok(done);
        }
        let session = match &req.session {
            Some(session) if !quote.cart.priced.lines.is_empty() => session.clone(),
            _ => return Err(CheckoutError::EmptyCart.into()),
        };
        let (billing, shipping) = self.check_form(&form, &quote)?;
        let payer = self
            .inner
            .methods
            .payer(
                req.user.as_ref(),
                &form.payment_method_id,
                form.use_saved_method,
                form.save_payment_method,
            )
            .await?;
        let new = self.new_order(&form, &req, &quote, &session, billing, shipping)?;
        let stock = self.stock_for(&quote, &new);
        let order = match self
            .store()
            .place_order(&new, &stock, key.as_deref())
            .await?
        {
            PlaceOutcome::Created(order) => order,
            PlaceOutcome::Resumed(order) => self.resume(order, &new).await?,
            PlaceOutcome::KeyUsed(request) => {
                if request.cart_hash != quote.cart.priced.hash {
                    return Err(CheckoutError::IdempotencyConflict.into());
                }
                if let Some(answer) = request.response.as_deref().and_then(parse_answer) {
                    return Ok(answer);
                }
                let order = self.order_or_missing(request.order_id).await?;
                if order.is_paid() {
                    // Paid by the key's first request: its answer, as `replay` gives it.
                    return Ok(paid_answer(&order));
                }
                order
            }
            PlaceOutcome::OutOfStock { item_id, available } => {
                let name = quote
                    .amounts
                    .lines
                    .iter()
                    .find(|l| {
                        l.variation_id.map(|v| v.0) == Some(item_id) || l.product_id.0 == item_id
                    })
                    .map_or_else(|| "an item".to_owned(), |l| l.name.clone());
                return Err(CheckoutError::OutOfStock { name, available }.into());
            }
        };
        vitrine_crash::point(vitrine_crash::AFTER_ORDER_INSERT);
        self.remember_addresses(&order).await;
        let paid = if order.total().is_zero() {
            // Nothing to pay (a 100 % discount, free products): no intent, no card.
            self.complete_free(&order).await
        } else {
            let (brake, card) = self
                .reserve_payment(&req.client, Some(&session), &form.payment_method_id)
                .await?;
            let press = super::press::Press::of(key.as_deref());
            let paid = self.pay(&order, &payer, &press, false, Some(&card)).await;
            drop(brake);
            paid
        };
        let paid = paid.map_err(|error| match error {
            AppError::Checkout(CheckoutError::PaymentFailed { message }) => {
                CheckoutError::Declined {
                    message,
                    pay_path: super::answer::pay_path(&order),
                }
                .into()
            }
            other => other,
        });
        let answer = match paid? {
            PaymentAnswer::Received { redirect } => PlaceAnswer {
                order_id: order.id,
                order_key: order.key().as_str().to_owned(),
                redirect: Some(redirect),
                next_action: None,
            },
            PaymentAnswer::NeedsAction(step) => PlaceAnswer {
                order_id: order.id,
                order_key: order.key().as_str().to_owned(),
                redirect: None,
                next_action: Some(step),
            },
        };
        // A step to take (3-D Secure) is kept for a retry of this key; a paid or processing
        // order's answer is read from the order again (`replay`).
        if let (Some(key), Some(_)) = (&key, &answer.next_action) {
            let json = serde_json::to_string(&answer).map_err(|e| AppError::Internal(e.into()))?;
            self.store().save_checkout_response(key, &json).await?;
        }
        Ok(answer)
    }

    /// Counts a card payment attempt on the client, on the cart session (none on the
    /// order-pay page) and on the card (the provider's fingerprint, so a card tried from many
    /// addresses and sessions is held too), all or none: 429 when any is braked. With the
    /// payment method as read for its fingerprint (the paid order's title comes from it).
    pub(super) async fn reserve_payment(
        &self,
        client: &str,
        session: Option<&SessionId>,
        payment_method: &str,
    ) -> AppResult<(crate::brake::Reserved, PaymentMethod)> {
        use vitrine_domain::brake::{Attempt, BrakeScope};
        let method = self.card_method(payment_method).await?;
        let card = card_identity(&method);
        let mut attempts = vec![Attempt::new(BrakeScope::CardPaymentClient, client)];
        if let Some(session) = session {
            attempts.push(Attempt::new(
                BrakeScope::CardPaymentSession,
                session.as_str(),
            ));
        }
        attempts.push(Attempt::new(BrakeScope::CardPaymentCard, &card));
        let reserved = self
            .inner
            .brakes
            .reserve(crate::brake::BrakeKind::Payment, attempts)
            .await?;
        Ok((reserved, method))
    }

    /// The payment method the shopper pays with, from the provider. An id the provider does
    /// not know is the shopper's bad input.
    async fn card_method(&self, payment_method: &str) -> AppResult<PaymentMethod> {
        use vitrine_domain::payment::ProviderError;
        match self
            .provider()
            .retrieve_payment_method(payment_method)
            .await
        {
            Ok(method) => Ok(method),
            Err(ProviderError::InvalidRequest { .. }) => Err(CheckoutError::field(
                "payment_method_id",
                "Please enter your card details.",
            )
            .into()),
            Err(other) => {
                tracing::error!(%other, "payment provider call failed");
                Err(CheckoutError::from_provider(&other).into())
            }
        }
    }

    fn new_order(
        &self,
        form: &PlaceOrder,
        req: &PlaceRequest,
        quote: &CheckoutQuote,
        session: &SessionId,
        billing: Address,
        shipping: Option<Address>,
    ) -> AppResult<NewOrder> {
        let mut random = [0_u8; 16];
        rand::thread_rng().fill_bytes(&mut random);
        let rate = quote
            .cart
            .pricer
            .local()
            .converter()
            .rate()
            .map_or_else(String::new, |r| r.normalize().to_string());
        let amounts = quote.amounts.clone();
        Ok(NewOrder {
            key: OrderKey::from_random(random),
            currency: quote.currency(),
            exchange_rate: rate,
            lines: amounts.lines,
            discounts: amounts.discounts,
            shipping: amounts.shipping,
            taxes: amounts.taxes,
            totals: amounts.totals,
            prices_include_tax: quote.prices_include_tax,
            billing,
            shipping_address: shipping,
            customer_note: form.order_comments.trim().to_owned(),
            customer_id: req.customer_id,
            session: session.as_str().to_owned(),
            cart_hash: quote.cart.priced.hash.clone(),
            attribution: form.attribution.clone().or(req.server_attribution.clone()),
            tracking: req.tracking.clone(),
            created_at: self.now(),
        })
    }

    fn stock_for(&self, quote: &CheckoutQuote, order: &NewOrder) -> Vec<StockChange> {
        let products = &quote.cart.products;
        let find = |id: ProductId| products.get(id).cloned();
        stock_changes(&order.lines, &find)
    }

    pub(super) async fn order_or_missing(
        &self,
        id: vitrine_domain::order::OrderId,
    ) -> AppResult<Order> {
        self.store()
            .order(id)
            .await?
            .ok_or_else(|| CheckoutError::OrderNotFound.into())
    }
}

/// What identifies the card behind a payment method: its fingerprint (Stripe's
/// `card.fingerprint`), else the payment method itself.
fn card_identity(method: &PaymentMethod) -> String {
    method
        .card
        .fingerprint
        .as_deref()
        .filter(|f| !f.is_empty())
        .map_or_else(|| format!("pm:{}", method.id), |f| format!("fp:{f}"))
}

/// The destination the totals are for: the shipping address when it differs, else billing.
pub(super) fn destination(form: &PlaceOrder) -> DestinationInput {
    let a = if form.ship_to_different_address {
        &form.shipping
    } else {
        &form.billing
    };
    DestinationInput {
        country: a.country.clone(),
        state: a.state.clone(),
        postcode: a.postcode.clone(),
    }
}
