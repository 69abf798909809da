//! Catalogue prices as a shopper sees them in listings and on product pages: converted into
//! their currency, with the discounts one unit takes (quantity 1), and the price to strike
//! through. A rule that only starts at a higher quantity shows in the bulk table instead.

use std::collections::HashMap;

use time::OffsetDateTime;

use super::convert::ConvertError;
use super::discount::Customer;
use super::local::{LocalPricing, Sellable, product_sellable, variation_sellable};
use crate::catalogue::{PriceRange, Product, ProductId, ProductKind, Variation};
use crate::money::Money;

/// What a product costs a shopper now: one price or a range, and the price to strike through
/// (only for a single price).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownPrice {
    pub range: PriceRange,
    pub was: Option<Money>,
}

/// One unit of one sellable item as shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownUnit {
    /// What one costs now: converted, then discounted for a quantity of 1.
    pub price: Money,
    /// The converted price before discounts (the sale price while on sale).
    pub undiscounted: Money,
    /// The converted regular price; the undiscounted price when the item has none.
    pub regular: Money,
    /// The regular price while on sale, else the undiscounted price, when above `price`.
    pub was: Option<Money>,
    /// What the strike-through would compare against, above `price` or not.
    strike_base: Money,
}

impl LocalPricing {
    /// The price a listing or product page shows for `product`. Grouped products span their
    /// published children (`children`, by id); variable products span their variations.
    /// `None` when nothing of it has a price.
    pub fn shown_price(
        &self,
        product: &Product,
        children: &HashMap<ProductId, Product>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Option<ShownPrice>, ConvertError> {
        match product.kind {
            ProductKind::Grouped => self.grouped(product, children, customer, now),
            ProductKind::Variable => {
                let mut units = Vec::new();
                for variation in product.active_variations() {
                    if let Some(unit) = self.shown_variation(product, variation, customer, now)? {
                        units.push(unit);
                    }
                }
                span(&units)
            }
            _ => match product_sellable(product, now)? {
                Some(sellable) => {
                    let unit = self.shown_unit(&sellable, customer, now)?;
                    Ok(Some(ShownPrice {
                        range: PriceRange::single(unit.price),
                        was: unit.was,
                    }))
                }
                None => Ok(None),
            },
        }
    }

    /// One variation as its form shows it (disabled ones too); `None` when it has no price.
    pub fn shown_variation(
        &self,
        product: &Product,
        variation: &Variation,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Option<ShownUnit>, ConvertError> {
        variation_sellable(product, variation, now)
            .map(|sellable| self.shown_unit(&sellable, customer, now))
            .transpose()
    }

    /// A catalogue price converted as a price (bundle parts, shown for information).
    pub fn convert_price(&self, price: Money) -> Result<Money, ConvertError> {
        self.converter().convert(price)
    }

    fn shown_unit(
        &self,
        sellable: &Sellable,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<ShownUnit, ConvertError> {
        let undiscounted = self.unit_price(sellable)?;
        let rules = self.rules_for(sellable);
        let one = rules.price_at_quantity(&sellable.item, undiscounted, 1, customer, now)?;
        let regular = match sellable.regular {
            Some(regular) => self.regular_price(sellable, regular)?,
            None => undiscounted,
        };
        let strike_base = self.strike_base(sellable, undiscounted)?;
        Ok(ShownUnit {
            price: one.unit_price,
            undiscounted,
            regular,
            was: Some(strike_base).filter(|was| *was > one.unit_price),
            strike_base,
        })
    }

    /// The span of the children's own prices; a group strikes nothing through.
    fn grouped(
        &self,
        product: &Product,
        children: &HashMap<ProductId, Product>,
        customer: Customer,
        now: OffsetDateTime,
    ) -> Result<Option<ShownPrice>, ConvertError> {
        let mut ends = Vec::new();
        let published = product
            .grouped_children
            .iter()
            .filter_map(|id| children.get(id))
            .filter(|child| child.is_published() && child.kind != ProductKind::Grouped);
        for child in published {
            if let Some(shown) = self.shown_price(child, children, customer, now)? {
                ends.extend([shown.range.min(), shown.range.max()]);
            }
        }
        Ok(PriceRange::of(ends)?.map(|range| ShownPrice { range, was: None }))
    }
}

/// The range of several variations' prices. One price is struck through only when every
/// variation would strike the same one (the same regular price, all on sale, or the same
/// discount on the same price), so the struck price is true of each of them.
fn span(units: &[ShownUnit]) -> Result<Option<ShownPrice>, ConvertError> {
    let Some(range) = PriceRange::of(units.iter().map(|u| u.price))? else {
        return Ok(None);
    };
    let first = units.first().map(|u| u.strike_base);
    let same_base = units.iter().all(|u| Some(u.strike_base) == first);
    let was = first.filter(|was| same_base && range.is_single() && *was > range.min());
    Ok(Some(ShownPrice { range, was }))
}
