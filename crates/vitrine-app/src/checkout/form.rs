//! The checkout form's checks, in the form's order: the first field at fault is the answer
//! (`invalid_field` naming it as the form does).

use vitrine_domain::address::{Address, AddressKind};
use vitrine_domain::payment::is_payment_method_id;

use super::place::{PlaceOrder, PlaceRequest, destination};
use super::quote::CheckoutQuote;
use super::{Checkout, CheckoutError};
use crate::error::AppResult;

/// The longest customer note kept.
const MAX_NOTE: usize = 5_000;

impl Checkout {
    /// Would this order be taken? The cart is not empty and the form passes its checks, so
    /// "Create an account?" opens no account for an order that cannot be placed.
    pub async fn check_order(&self, form: &PlaceOrder, req: &PlaceRequest) -> AppResult<()> {
        let quote = self
            .quote(
                req.session.as_ref(),
                req.shopper,
                &destination(form),
                form.shipping_method.as_deref(),
            )
            .await?;
        if req.session.is_none() || quote.cart.priced.lines.is_empty() {
            return Err(CheckoutError::EmptyCart.into());
        }
        self.check_form(form, &quote).map(|_| ())
    }

    /// The form's checks in the form's order; the first field at fault is the answer.
    pub(super) fn check_form(
        &self,
        form: &PlaceOrder,
        quote: &CheckoutQuote,
    ) -> AppResult<(Address, Option<Address>)> {
        let rules = &self.inner.rules;
        let billing = rules
            .validate(AddressKind::Billing, &form.billing)
            .map_err(|e| CheckoutError::field(&e.field, e.message))?;
        let shipping = match (quote.needs_shipping, form.ship_to_different_address) {
            (false, _) => None,
            (true, true) => Some(
                rules
                    .validate(AddressKind::Shipping, &form.shipping)
                    .map_err(|e| CheckoutError::field(&e.field, e.message))?,
            ),
            (true, false) => Some(Address {
                phone: String::new(),
                email: String::new(),
                ..billing.clone()
            }),
        };
        if quote.needs_shipping && quote.selected.is_none() {
            let message = quote
                .shipping_error
                .clone()
                .unwrap_or_else(|| "Please choose a shipping method.".to_owned());
            return Err(CheckoutError::field("shipping_method", message).into());
        }
        if form.order_comments.chars().count() > MAX_NOTE {
            return Err(CheckoutError::field(
                "order_comments",
                format!("Order notes are limited to {MAX_NOTE} characters."),
            )
            .into());
        }
        if self.inner.policy.terms_url.is_some() && !form.terms {
            return Err(CheckoutError::field(
                "terms",
                "Please read and accept the terms and conditions to proceed with your order.",
            )
            .into());
        }
        // A free order takes no card (WooCommerce: `needs_payment()` is false).
        let needs_payment = !quote.amounts.totals.total.is_zero();
        if needs_payment && !is_payment_method_id(&form.payment_method_id) {
            return Err(CheckoutError::field(
                "payment_method_id",
                "Please enter your card details.",
            )
            .into());
        }
        Ok((billing, shipping))
    }
}

#[cfg(test)]
mod tests {
    use vitrine_domain::payment::is_payment_method_id;

    #[test]
    fn payment_method_ids_are_pm_and_a_plain_id() {
        assert!(is_payment_method_id("pm_1Abc_9"));
        for bad in [
            "",
            "pm_",
            "tok_123",
            "pm_12 3",
            "pm_<script>",
            &format!("pm_{}", "a".repeat(253)),
        ] {
            assert!(!is_payment_method_id(bad), "{bad}");
        }
    }
}
