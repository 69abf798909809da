//! One currency's prices: the converter from the base and the discount rules localised into
//! that currency (ADR 0012: convert the catalogue price first, then discount). What a shopper
//! sees in a listing (quantity 1), at a quantity, in the bulk table and in the cart all come
//! from here, so they agree to the minor unit.

use time::OffsetDateTime;

use super::convert::{ConvertError, Converter};
use super::discount::{BulkRow, Customer, Discounts, ItemContext, QuantityPrice};
use crate::catalogue::{FixedPrices, Product, ProductKind, Variation, VariationId};
use crate::money::{Currency, Money, MoneyError};

/// Prices in one currency: converted catalogue prices and the rules in that currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalPricing {
    converter: Converter,
    discounts: Discounts,
}

/// One thing a shopper can buy at one price, in the base currency: a simple, external or
/// bundle product, or one variation.
#[derive(Debug, Clone)]
pub(super) struct Sellable {
    pub item: ItemContext,
    /// The price charged now (the sale price while on sale).
    pub active: Money,
    /// The regular price, when the item has one.
    pub regular: Option<Money>,
    pub on_sale: bool,
    /// Discount rules apply (not to external products, which no cart can hold).
    pub discountable: bool,
    /// Prices fixed in other currencies (empty for most items; bundles never have them).
    pub fixed: FixedPrices,
}

/// A product's price at a quantity for the product page, with the price to strike through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub price: QuantityPrice,
    /// The regular price while on sale, else the price before discounts, when above the unit
    /// price (what the page strikes through).
    pub was: Option<Money>,
}

impl LocalPricing {
    /// `base_rules` (in the base currency) localised for `converter`'s target. Fails only for
    /// a rule amount that cannot be converted (a currency without a rate).
    pub fn new(converter: Converter, base_rules: &Discounts) -> Result<Self, ConvertError> {
        let discounts = base_rules.localise(&converter)?;
        Ok(Self {
            converter,
            discounts,
        })
    }

    pub fn currency(&self) -> Currency {
        self.converter.target()
    }

    pub fn converter(&self) -> &Converter {
        &self.converter
    }

    /// The rules with their amounts in this currency.
    pub fn discounts(&self) -> &Discounts {
        &self.discounts
    }

    /// What `quantity` units of `product` (or of its variation `variation`) cost, with the
    /// discounts that apply; `None` when that names nothing with a price of its own (a grouped
    /// product, a variable product without a variation, a variation not of this product or
    /// disabled, an unpriced product).
    pub fn quote(
        &self,
        product: &Product,
        variation: Option<VariationId>,
        quantity: u32,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Option<Quote>, ConvertError> {
        let Some(sellable) = sellable_by_id(product, variation, now)? else {
            return Ok(None);
        };
        let unit = self.unit_price(&sellable)?;
        let rules = self.rules_for(&sellable);
        let price = rules.price_at_quantity(&sellable.item, unit, quantity, customer, now)?;
        let was = Some(self.strike_base(&sellable, unit)?).filter(|was| *was > price.unit_price);
        Ok(Some(Quote { price, was }))
    }

    /// The bulk-discount table of `product` (or its variation) in this currency: empty when no
    /// bulk rule applies, `None` as for [`LocalPricing::quote`].
    pub fn bulk_table(
        &self,
        product: &Product,
        variation: Option<VariationId>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Option<Vec<BulkRow>>, ConvertError> {
        let Some(sellable) = sellable_by_id(product, variation, now)? else {
            return Ok(None);
        };
        let unit = self.unit_price(&sellable)?;
        let rules = self.rules_for(&sellable);
        Ok(Some(rules.bulk_table(
            &sellable.item,
            unit,
            customer,
            now,
        )?))
    }

    /// The rules an item takes: these, or none for an item no cart can hold.
    pub(super) fn rules_for(&self, sellable: &Sellable) -> std::borrow::Cow<'_, Discounts> {
        if sellable.discountable {
            std::borrow::Cow::Borrowed(&self.discounts)
        } else {
            std::borrow::Cow::Owned(Discounts::none(self.currency()))
        }
    }

    /// The converted price a page would strike through before discounts: the regular price
    /// while on sale, else the price itself (`unit`, already converted).
    pub(super) fn strike_base(
        &self,
        sellable: &Sellable,
        unit: Money,
    ) -> Result<Money, ConvertError> {
        match sellable.regular {
            Some(regular) if sellable.on_sale => self.regular_price(sellable, regular),
            _ => Ok(unit),
        }
    }

    /// What one unit costs in this currency before discounts: its fixed price here when the
    /// currency takes fixed prices and the item has one, else the base price converted.
    pub(super) fn unit_price(&self, sellable: &Sellable) -> Result<Money, ConvertError> {
        let fixed = sellable.fixed.active(self.currency(), sellable.on_sale);
        self.converter.price(sellable.active, fixed)
    }

    /// The item's regular price (`regular`, in the base) in this currency, fixed or converted.
    pub(super) fn regular_price(
        &self,
        sellable: &Sellable,
        regular: Money,
    ) -> Result<Money, ConvertError> {
        let fixed = sellable.fixed.regular(self.currency());
        self.converter.price(regular, fixed)
    }

    /// The fixed price in this currency that a cart line of `product` (or its `variation`)
    /// is charged at `now`, if it has one.
    pub(super) fn fixed_line_price(
        &self,
        product: &Product,
        variation: Option<VariationId>,
        now: OffsetDateTime,
    ) -> Option<Money> {
        let currency = self.currency();
        match variation {
            Some(id) => product
                .variation(id)
                .and_then(|v| v.fixed_prices.active(currency, v.pricing.on_sale(now))),
            None if matches!(product.kind, ProductKind::Simple | ProductKind::External) => product
                .fixed_prices
                .active(currency, product.pricing.on_sale(now)),
            None => None,
        }
    }
}

/// The sellable item `variation` names in `product` (or the product itself).
fn sellable_by_id(
    product: &Product,
    variation: Option<VariationId>,
    now: OffsetDateTime,
) -> Result<Option<Sellable>, MoneyError> {
    match variation {
        Some(id) => match product.variation(id) {
            Some(v) if product.kind == ProductKind::Variable && v.enabled => {
                Ok(variation_sellable(product, v, now))
            }
            _ => Ok(None),
        },
        None => product_sellable(product, now),
    }
}

/// A product bought as itself: simple, external or bundle.
pub(super) fn product_sellable(
    product: &Product,
    now: OffsetDateTime,
) -> Result<Option<Sellable>, MoneyError> {
    let item = || ItemContext::of(product, None, &[]);
    Ok(match product.kind {
        ProductKind::Simple | ProductKind::External => {
            product.pricing.active(now).map(|active| Sellable {
                item: item(),
                active,
                regular: product.pricing.regular,
                on_sale: product.pricing.on_sale(now),
                discountable: product.kind == ProductKind::Simple,
                fixed: product.fixed_prices.clone(),
            })
        }
        ProductKind::Bundle => match &product.bundle {
            Some(bundle) => Some(Sellable {
                item: item(),
                active: bundle.total()?,
                regular: None,
                on_sale: false,
                discountable: true,
                fixed: FixedPrices::default(),
            }),
            None => None,
        },
        ProductKind::Variable | ProductKind::Grouped => None,
    })
}

/// One variation of a variable product, when it is priced now. Whether it is enabled is the
/// caller's question: a cart or a quote needs it, a variation form shows disabled ones too.
pub(super) fn variation_sellable(
    product: &Product,
    variation: &Variation,
    now: OffsetDateTime,
) -> Option<Sellable> {
    variation.pricing.active(now).map(|active| Sellable {
        item: ItemContext::of(product, Some(variation.id), &[]),
        active,
        regular: variation.pricing.regular,
        on_sale: variation.pricing.on_sale(now),
        discountable: true,
        fixed: variation.fixed_prices.clone(),
    })
}
