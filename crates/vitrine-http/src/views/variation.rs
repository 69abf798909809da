//! One variation as WooCommerce's variation form reads it (spec §3 "Variation").

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::AppResult;
use vitrine_domain::catalogue::{Inventory, PriceRange, Product, Shipping, StockStatus, Variation};
use vitrine_domain::money::Money;
use vitrine_domain::pricing::discount::Customer;
use vitrine_domain::rich_text::safe_html;

use super::ViewContext;
use super::image::{ImageView, VariationImageView};
use crate::html::{autop, escape};

/// WooCommerce's string booleans ("yes" / "no").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum YesNo {
    Yes,
    No,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DimensionsView {
    pub length: String,
    pub width: String,
    pub height: String,
}

/// One variation (spec §3 "Variation (read from the server)"); `web/src/features/variations/
/// types.ts` `Variation`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct VariationView {
    pub variation_id: i64,
    /// `attribute_{slug}` → option value; "" means "any value".
    pub attributes: BTreeMap<String, String>,
    pub variation_is_visible: bool,
    pub variation_is_active: bool,
    pub is_in_stock: bool,
    pub is_purchasable: bool,
    pub is_sold_individually: YesNo,
    pub min_qty: u32,
    /// None when unlimited.
    #[schema(required = true)]
    pub max_qty: Option<u32>,
    /// The variation's SKU, else the parent's; "" when neither has one.
    pub sku: String,
    /// Own weight, else the parent's (as WooCommerce does); "" when neither is set.
    pub weight: String,
    /// "1.5 lbs"; "" when no weight.
    pub weight_html: String,
    pub dimensions: DimensionsView,
    /// "10 × 8 × 3 in"; "" when no dimension is set.
    pub dimensions_html: String,
    /// `<span class="price">…</span>` with WooCommerce's price markup.
    pub price_html: String,
    /// Price paid now, in major units (42.0).
    pub display_price: f64,
    pub display_regular_price: f64,
    /// Price paid now in minor units (4200).
    pub display_price_cents: i64,
    pub display_regular_price_cents: i64,
    pub is_virtual: bool,
    pub is_downloadable: bool,
    /// Units left when stock is managed, else null.
    #[schema(required = true)]
    pub variation_stock_left: Option<i64>,
    /// `<p class="stock in-stock">3 in stock</p>`
    pub availability_html: String,
    pub variation_description: String,
    #[schema(required = true)]
    pub image_id: Option<i64>,
    /// Full-size image URL.
    pub image_link: String,
    /// Single-size image URL.
    pub image_src: String,
    #[schema(required = true)]
    pub image: Option<VariationImageView>,
}

impl VariationView {
    /// Prices in the request's currency, discounted as for a guest buying one; an error when
    /// a price cannot be converted.
    pub fn new(parent: &Product, v: &Variation, cx: &ViewContext<'_>) -> AppResult<Self> {
        let shown = cx
            .pricer
            .shown_variation(parent, v, Customer::guest(), cx.now)?;
        let price = shown.map(|s| s.price);
        let regular = shown.map(|s| s.regular);
        let image = v
            .image
            .as_ref()
            .or_else(|| parent.images.first())
            .map(|i| ImageView::new(i, &parent.name));
        let shipping = inherited_shipping(&v.shipping, &parent.shipping);
        let is_visible = v.enabled && price.is_some();
        let to_major = |m: Money| m.to_decimal().to_f64().unwrap_or(0.0);
        Ok(Self {
            variation_id: v.id.0,
            attributes: parent
                .attributes
                .iter()
                .filter(|a| a.variation)
                .map(|a| (a.form_key(), v.value_of(&a.slug).unwrap_or("").to_owned()))
                .collect(),
            variation_is_visible: is_visible,
            variation_is_active: v.enabled,
            is_in_stock: v.inventory.is_in_stock(),
            is_purchasable: is_visible && parent.is_published(),
            is_sold_individually: if v.inventory.sold_individually {
                YesNo::Yes
            } else {
                YesNo::No
            },
            min_qty: v.inventory.quantity.min,
            max_qty: v.inventory.max_purchase_quantity(),
            sku: v
                .sku
                .clone()
                .or_else(|| parent.sku.clone())
                .unwrap_or_default(),
            weight: decimal_text(shipping.weight),
            weight_html: weight_html(shipping.weight, &cx.settings.weight_unit),
            dimensions: DimensionsView {
                length: decimal_text(shipping.length),
                width: decimal_text(shipping.width),
                height: decimal_text(shipping.height),
            },
            dimensions_html: dimensions_html(&shipping, &cx.settings.dimension_unit),
            price_html: shown.map_or_else(String::new, |s| {
                let view = cx.prices.view(PriceRange::single(s.price), s.was);
                format!("<span class=\"price\">{}</span>", view.html)
            }),
            display_price: price.map_or(0.0, to_major),
            display_regular_price: regular.map_or(0.0, to_major),
            display_price_cents: price.map_or(0, Money::amount_minor),
            display_regular_price_cents: regular.map_or(0, Money::amount_minor),
            is_virtual: v.is_virtual,
            is_downloadable: v.downloadable,
            variation_stock_left: v.inventory.stock_quantity,
            availability_html: availability_html(&v.inventory),
            variation_description: safe_html(&autop(&v.description)),
            image_id: image.as_ref().map(|i| i.id),
            image_link: image
                .as_ref()
                .map(|i| i.full_src.clone())
                .unwrap_or_default(),
            image_src: image.as_ref().map(|i| i.src.clone()).unwrap_or_default(),
            image: image.map(VariationImageView::from),
        })
    }
}

/// A variation's shipping data with each unset value taken from the parent.
pub fn inherited_shipping(own: &Shipping, parent: &Shipping) -> Shipping {
    Shipping {
        weight: own.weight.or(parent.weight),
        length: own.length.or(parent.length),
        width: own.width.or(parent.width),
        height: own.height.or(parent.height),
        shipping_class: own
            .shipping_class
            .clone()
            .or_else(|| parent.shipping_class.clone()),
    }
}

/// "1.5" for 1.50; "" when unset.
pub fn decimal_text(value: Option<Decimal>) -> String {
    value.map(|d| d.normalize().to_string()).unwrap_or_default()
}

/// `wc_format_weight`: "1.5 lbs", or "" when there is no weight.
pub fn weight_html(weight: Option<Decimal>, unit: &str) -> String {
    weight
        .filter(|w| !w.is_zero())
        .map(|w| format!("{} {}", w.normalize(), escape(unit)))
        .unwrap_or_default()
}

/// `wc_format_dimensions`: the set dimensions joined by " × " plus the unit; "" when none.
pub fn dimensions_html(shipping: &Shipping, unit: &str) -> String {
    let parts: Vec<String> = [shipping.length, shipping.width, shipping.height]
        .into_iter()
        .flatten()
        .filter(|d| !d.is_zero())
        .map(|d| d.normalize().to_string())
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!("{} {}", parts.join(" × "), escape(unit))
    }
}

/// `wc_get_stock_html`: the availability text in a `p.stock` with WooCommerce's class.
pub fn availability_html(inventory: &Inventory) -> String {
    let class = if !inventory.is_in_stock() {
        "out-of-stock"
    } else if inventory.stock_status == StockStatus::OnBackorder
        || inventory.stock_quantity.is_some_and(|q| q <= 0)
    {
        "available-on-backorder"
    } else {
        "in-stock"
    };
    format!(
        "<p class=\"stock {class}\">{}</p>",
        escape(&inventory.availability_text())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn dec(text: &str) -> Option<Decimal> {
        Decimal::from_str(text).ok()
    }

    #[test]
    fn weights_and_dimensions_are_written_the_woocommerce_way() {
        assert_eq!(weight_html(dec("1.50"), "lbs"), "1.5 lbs");
        assert_eq!(weight_html(None, "lbs"), "");
        let shipping = Shipping {
            length: dec("10"),
            width: dec("8"),
            height: dec("3.0"),
            ..Shipping::default()
        };
        assert_eq!(dimensions_html(&shipping, "in"), "10 × 8 × 3 in");
        assert_eq!(dimensions_html(&Shipping::default(), "in"), "");
    }

    #[test]
    fn a_variation_without_weight_takes_its_parents() {
        let parent = Shipping {
            weight: dec("1.5"),
            length: dec("2"),
            ..Shipping::default()
        };
        let own = Shipping {
            length: dec("4"),
            ..Shipping::default()
        };
        let merged = inherited_shipping(&own, &parent);
        assert_eq!(merged.weight, dec("1.5"));
        assert_eq!(merged.length, dec("4"));
    }

    #[test]
    fn availability_html_carries_the_stock_class() {
        let inv = Inventory {
            stock_quantity: Some(3),
            ..Inventory::default()
        };
        assert_eq!(
            availability_html(&inv),
            "<p class=\"stock in-stock\">3 in stock</p>"
        );
    }
}
