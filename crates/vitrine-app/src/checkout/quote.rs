//! The checkout view and review: the session's cart priced for the shopper, the shipping
//! choices for the destination converted from the base currency, the tax, and the totals an
//! order would have. Nothing is stored.

use vitrine_domain::cart::SessionId;
use vitrine_domain::money::Money;
use vitrine_domain::order::{ChosenShipping, OrderAmounts, line_totals, order_amounts};
use vitrine_domain::pricing::ShopperCart;
use vitrine_domain::shipping::{Destination, ShippingRate};
use vitrine_domain::tax::TaxBreakdown;

use super::{Checkout, CheckoutError};
use crate::cart::{CartProducts, CartState};
use crate::error::{AppError, AppResult};
use crate::pricing::Shopper;

/// Where the shopper said the order goes (possibly half typed: a country only).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DestinationInput {
    pub country: String,
    pub state: String,
    pub postcode: String,
}

impl DestinationInput {
    fn destination(&self) -> Option<Destination> {
        let country = self.country.trim().to_ascii_uppercase();
        (!country.is_empty()).then(|| Destination {
            country,
            state: self.state.trim().to_owned(),
            postcode: self.postcode.trim().to_owned(),
        })
    }
}

/// The checkout for one cart and destination.
#[derive(Debug)]
pub struct CheckoutQuote {
    pub cart: CartState,
    /// Some line is a physical product.
    pub needs_shipping: bool,
    /// The choices for the destination, costs in the shopper's currency.
    pub rates: Vec<ShippingRate>,
    pub selected: Option<ShippingRate>,
    /// Why there is no rate for a destination that needs one.
    pub shipping_error: Option<String>,
    pub amounts: OrderAmounts,
    pub prices_include_tax: bool,
}

impl CheckoutQuote {
    pub fn currency(&self) -> vitrine_domain::money::Currency {
        self.cart.priced.currency
    }
}

/// Whether any line is a physical product (WooCommerce: not virtual).
pub(super) fn needs_shipping(priced: &ShopperCart, products: &CartProducts) -> bool {
    priced.lines.iter().any(|line| {
        let Some(product) = products.get(line.line.product_id) else {
            return false;
        };
        match line.line.variation_id.and_then(|id| product.variation(id)) {
            Some(variation) => !variation.is_virtual,
            None => !product.is_virtual,
        }
    })
}

impl Checkout {
    /// The checkout of the session's cart for `to` with the rate `method` (the first rate when
    /// absent or not offered).
    pub async fn quote(
        &self,
        session: Option<&SessionId>,
        shopper: Shopper,
        to: &DestinationInput,
        method: Option<&str>,
    ) -> AppResult<CheckoutQuote> {
        let cart = self.inner.carts.cart(session, shopper).await?;
        let needs_shipping = needs_shipping(&cart.priced, &cart.products);
        let destination = to.destination();
        let mut rates = Vec::new();
        let mut shipping_error = None;
        if let (true, Some(dest)) = (needs_shipping && !cart.priced.lines.is_empty(), &destination) {
            let contents = self.base_contents(session, shopper, &cart).await?;
            rates = self.rates_for(&cart, dest, contents)?;
            if rates.is_empty() {
                shipping_error = Some(format!(
                    "No shipping options were found for {}.",
                    dest.country
                ));
            }
        }
        let selected = method
            .and_then(|m| rates.iter().find(|r| r.id == m))
            .or(rates.first())
            .cloned();
        let chosen = selected.as_ref().map(|r| ChosenShipping {
            method_id: r.id.clone(),
            label: r.label.clone(),
            cost: r.cost,
        });
        let currency = cart.priced.currency;
        let lines = line_totals(&cart.priced).map_err(internal)?;
        let shipping_cost = chosen.as_ref().map_or(Money::zero(currency), |c| c.cost);
        let tax = match &destination {
            Some(dest) => self
                .inner
                .rules
                .tax(dest, &lines, shipping_cost)
                .map_err(internal)?,
            None => no_tax(currency, lines.len()),
        };
        let prices_include_tax = self.inner.rules.prices_include_tax();
        let amounts = order_amounts(&cart.priced, chosen.as_ref(), &tax, prices_include_tax)
            .map_err(internal)?;
        Ok(CheckoutQuote {
            cart,
            needs_shipping,
            rates,
            selected,
            shipping_error,
            amounts,
            prices_include_tax,
        })
    }

    /// The cart's worth after discounts in the base currency (free shipping's minimum is set
    /// in it).
    async fn base_contents(
        &self,
        session: Option<&SessionId>,
        shopper: Shopper,
        cart: &CartState,
    ) -> AppResult<Money> {
        let base = self.inner.pricing.base();
        if cart.priced.currency == base {
            return Ok(cart.priced.total);
        }
        let in_base = Shopper {
            currency: base,
            ..shopper
        };
        Ok(self.inner.carts.cart(session, in_base).await?.priced.total)
    }

    /// The zone's rates for `dest`, converted into the cart's currency; free when a discount
    /// rule grants free shipping.
    fn rates_for(
        &self,
        cart: &CartState,
        dest: &Destination,
        contents: Money,
    ) -> AppResult<Vec<ShippingRate>> {
        let converter = cart.pricer.local().converter();
        let free = cart.priced.free_shipping.is_some();
        self.inner
            .rules
            .shipping_rates(dest, contents)
            .into_iter()
            .map(|mut rate| {
                rate.cost = if free {
                    Money::zero(cart.priced.currency)
                } else {
                    converter.convert_amount(rate.cost).map_err(internal)?
                };
                Ok(rate)
            })
            .collect()
    }
}

fn no_tax(currency: vitrine_domain::money::Currency, lines: usize) -> TaxBreakdown {
    let zero = Money::zero(currency);
    TaxBreakdown {
        lines: vec![zero; lines],
        shipping: zero,
        by_rate: Vec::new(),
        total: zero,
    }
}

/// Amounts computed from the shop's own prices that cannot be added up are the shop's fault.
pub(super) fn internal(err: impl std::fmt::Display) -> AppError {
    AppError::Internal(anyhow::anyhow!("checkout totals: {err}"))
}

impl From<CheckoutError> for AppError {
    fn from(err: CheckoutError) -> Self {
        AppError::Checkout(err)
    }
}
