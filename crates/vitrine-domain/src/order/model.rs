//! An order as the shop keeps it: what was bought at which price, where it goes, how it was
//! paid and where the shopper came from. Every amount is in the order's currency.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::{OrderKey, OrderStatus, OrderTotals};
use crate::address::Address;
use crate::catalogue::{ProductId, VariationId};
use crate::money::{Currency, Money};
use crate::tax::TaxLine;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct OrderId(pub i64);

impl std::fmt::Display for OrderId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLine {
    pub product_id: ProductId,
    pub variation_id: Option<VariationId>,
    /// "Hoodie - Red, No"
    pub name: String,
    pub quantity: u32,
    /// One unit before discounts.
    pub unit_price: Money,
    /// The units after the line's own discounts, before the cart's (WooCommerce's
    /// line subtotal).
    pub subtotal: Money,
    /// After the line's share of the cart discounts: what the line costs.
    pub total: Money,
    /// The tax on `total`.
    pub tax: Money,
}

/// A discount off the order as a whole ("Buy 3, save 10%").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiscountLine {
    pub label: String,
    pub amount: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShippingLine {
    /// `flat_rate:1`
    pub method_id: String,
    pub label: String,
    pub total: Money,
    pub tax: Money,
}

/// Where the shopper came from (tracking.md "order attribution"): what the checkout form's
/// hidden fields said, completed with the shop's own visitor session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Attribution {
    pub source_type: Option<String>,
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub content: Option<String>,
    pub term: Option<String>,
    pub landing_page: Option<String>,
    pub referrer: Option<String>,
    pub device_type: Option<String>,
    pub session_pages: Option<u32>,
    pub session_count: Option<u32>,
}

impl Attribution {
    /// `self` with the gaps filled from `other` (the browser's fields win: they saw the
    /// visit; the server's copy stands in when a script blocker or a wallet left them out).
    pub fn or(self, other: Attribution) -> Attribution {
        Attribution {
            source_type: self.source_type.or(other.source_type),
            source: self.source.or(other.source),
            medium: self.medium.or(other.medium),
            campaign: self.campaign.or(other.campaign),
            content: self.content.or(other.content),
            term: self.term.or(other.term),
            landing_page: self.landing_page.or(other.landing_page),
            referrer: self.referrer.or(other.referrer),
            device_type: self.device_type.or(other.device_type),
            session_pages: self.session_pages.or(other.session_pages),
            session_count: self.session_count.or(other.session_count),
        }
    }
}

/// Everything an order is made of before the store gives it an id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOrder {
    pub key: OrderKey,
    pub currency: Currency,
    /// Units of `currency` per unit of the shop's base currency when the order was placed
    /// ("1" for the base), as decimal text.
    pub exchange_rate: String,
    pub lines: Vec<OrderLine>,
    pub discounts: Vec<DiscountLine>,
    pub shipping: Option<ShippingLine>,
    pub taxes: Vec<TaxLine>,
    pub totals: OrderTotals,
    pub prices_include_tax: bool,
    pub billing: Address,
    /// `None` when nothing is shipped (or it goes to the billing address and the cart
    /// needs no shipping).
    pub shipping_address: Option<Address>,
    pub customer_note: String,
    pub customer_id: Option<i64>,
    /// The cart session the order came from, and the cart's hash then: a retry of the same
    /// cart resumes this order instead of placing another.
    pub session: String,
    pub cart_hash: String,
    pub attribution: Attribution,
    pub created_at: OffsetDateTime,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    pub id: OrderId,
    pub status: OrderStatus,
    pub order: NewOrder,
    /// "Credit Card (Visa •••• 4242)" once a payment method was used.
    pub payment_method_title: String,
    /// The provider's charge id once paid.
    pub transaction_id: Option<String>,
    pub paid_at: Option<OffsetDateTime>,
    /// The stock of its lines is held (taken at placing, given back on cancel).
    pub stock_reduced: bool,
}

impl Order {
    pub fn key(&self) -> &OrderKey {
        &self.order.key
    }

    pub fn total(&self) -> Money {
        self.order.totals.total
    }

    pub fn is_paid(&self) -> bool {
        self.paid_at.is_some()
    }

    /// The order-pay page takes it: unpaid, and pending or failed.
    pub fn needs_payment(&self) -> bool {
        !self.is_paid() && self.status.needs_payment()
    }
}
