//! One currency's prices for one request: the domain's `LocalPricing` with the currency's
//! format, answering the application's errors.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::cart::{Cart, CartError, MAX_LINE_QUANTITY};
use vitrine_domain::catalogue::{Product, ProductId, ProductKind, Variation, VariationId};
use vitrine_domain::money::{Currency, Money, PriceFormat};
use vitrine_domain::pricing::discount::{BulkRow, Customer};
use vitrine_domain::pricing::{
    Currencies, CurrencySettings, LocalPricing, Quote, ShopperCart, ShownPrice, ShownUnit,
};

use super::book::PriceBook;
use super::pricing_error;
use crate::error::{AppError, AppResult, Missing};

/// Prices in one currency, from one book: every price of an answer comes from the same rates.
#[derive(Debug, Clone)]
pub struct Pricer {
    book: Arc<PriceBook>,
    local: Arc<LocalPricing>,
    settings: CurrencySettings,
}

impl Pricer {
    pub(super) fn new(book: Arc<PriceBook>, currency: Currency) -> AppResult<Self> {
        let unsupported = || AppError::UnsupportedCurrency(currency.code().to_owned());
        let settings = book
            .currencies()
            .get(currency)
            .cloned()
            .ok_or_else(unsupported)?;
        let local = Arc::clone(book.local(currency).ok_or_else(unsupported)?);
        Ok(Self {
            book,
            local,
            settings,
        })
    }

    pub fn currency(&self) -> Currency {
        self.settings.currency()
    }

    /// The currency's settings (symbol, format, rounding, rate).
    pub fn settings(&self) -> &CurrencySettings {
        &self.settings
    }

    pub fn format(&self) -> &PriceFormat {
        self.settings.format()
    }

    /// Every currency of the shop, at the same rates (the switcher's list).
    pub fn currencies(&self) -> &Currencies {
        self.book.currencies()
    }

    pub fn local(&self) -> &LocalPricing {
        &self.local
    }

    /// Whether a rule depends on who is shopping (a login, a role, a first order), so a
    /// guest's prices are not everyone's.
    pub fn prices_depend_on_customer(&self) -> bool {
        self.local.discounts().rules().iter().any(|r| {
            let c = &r.conditions;
            c.logged_in.is_some() || !c.roles.is_empty() || c.first_order
        })
    }

    /// What a listing or product page shows for `product` (see `LocalPricing::shown_price`).
    pub fn shown_price(
        &self,
        product: &Product,
        children: &HashMap<ProductId, Product>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> AppResult<Option<ShownPrice>> {
        self.local
            .shown_price(product, children, customer, now)
            .map_err(pricing_error)
    }

    /// One variation as its form shows it.
    pub fn shown_variation(
        &self,
        product: &Product,
        variation: &Variation,
        customer: Customer,
        now: OffsetDateTime,
    ) -> AppResult<Option<ShownUnit>> {
        self.local
            .shown_variation(product, variation, customer, now)
            .map_err(pricing_error)
    }

    /// A catalogue price shown for information (a bundle's parts).
    pub fn convert_price(&self, price: Money) -> AppResult<Money> {
        self.local.convert_price(price).map_err(pricing_error)
    }

    /// `quantity` (1 to the cart's line maximum) of `product` or its variation.
    pub fn quote(
        &self,
        product: &Product,
        variation: Option<VariationId>,
        quantity: u32,
        customer: Customer,
        now: OffsetDateTime,
    ) -> AppResult<Quote> {
        if !(1..=MAX_LINE_QUANTITY).contains(&quantity) {
            return Err(AppError::from(CartError::InvalidQuantity(format!(
                "Please choose a quantity from 1 to {MAX_LINE_QUANTITY}."
            ))));
        }
        let quote = self
            .local
            .quote(product, variation, quantity, customer, now);
        quote
            .map_err(pricing_error)?
            .ok_or_else(|| not_sellable(product, variation))
    }

    /// The bulk-discount table of `product` or its variation (empty without a bulk rule).
    pub fn bulk_table(
        &self,
        product: &Product,
        variation: Option<VariationId>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> AppResult<Vec<BulkRow>> {
        let rows = self.local.bulk_table(product, variation, customer, now);
        rows.map_err(pricing_error)?
            .ok_or_else(|| not_sellable(product, variation))
    }

    /// A cart in this currency with its discounts.
    pub fn price_cart<P: Borrow<Product>>(
        &self,
        cart: &Cart,
        products: &HashMap<ProductId, P>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> AppResult<ShopperCart> {
        self.local
            .price_cart(cart, products, customer, now)
            .map_err(pricing_error)
    }
}

/// Why `product` (or its `variation`) has no price to quote.
fn not_sellable(product: &Product, variation: Option<VariationId>) -> AppError {
    match (product.kind, variation) {
        (_, Some(_)) => AppError::NotFound(Missing::Product),
        (ProductKind::Variable, None) => AppError::invalid(
            "variation_id",
            "This product has variations: give the variation_id of the one to price.",
        ),
        _ => AppError::invalid(
            "id",
            "This product has no price of its own (a grouped or unpriced product).",
        ),
    }
}
