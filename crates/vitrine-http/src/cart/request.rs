//! The bodies the cart endpoints accept, and how an add request becomes a domain target.
//! Like the add-to-cart button's data attributes (spec §3), extra fields are accepted and
//! ignored; that includes any price or total the browser sends.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use vitrine_app::cart::NewItem;
use vitrine_domain::cart::{CartError, parse_child_quantity};

/// `POST /api/v1/cart/items`
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct NewCartItem {
    /// The product, or a variation id (then `variation_id` may be left out).
    pub product_id: i64,
    /// Whole number ≥ 1 (numeric text accepted); 1 when absent. Ignored for grouped products.
    /// At most the line maximum, counting what the cart already holds (`quantity_too_large`).
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 9999)]
    pub quantity: Option<Value>,
    /// The chosen variation of a variable product; 0 or absent: matched from `attributes`.
    pub variation_id: Option<i64>,
    /// `attribute_{slug}` → option, e.g. `{ "attribute_color": "Blue" }`.
    pub attributes: Option<BTreeMap<String, String>>,
    /// Grouped products: child product id → quantity; zeroes are skipped.
    #[schema(value_type = Option<BTreeMap<String, u32>>)]
    pub quantities: Option<BTreeMap<String, Value>>,
}

/// `PATCH /api/v1/cart/items/{key}`
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateCartItem {
    /// Whole number ≥ 0 (numeric text accepted); 0 removes the item. At most the line
    /// maximum, counting the item's other lines (`quantity_too_large`).
    #[schema(value_type = u32, minimum = 0, maximum = 9999)]
    pub quantity: Value,
}

impl UpdateCartItem {
    pub(crate) fn quantity(&self) -> Result<u32, CartError> {
        parse_child_quantity(&self.quantity)
    }
}

impl From<NewCartItem> for NewItem {
    fn from(item: NewCartItem) -> Self {
        Self {
            product_id: item.product_id,
            quantity: item.quantity,
            variation_id: item.variation_id,
            attributes: item.attributes,
            quantities: item.quantities,
        }
    }
}

#[cfg(test)]
mod tests {
    use vitrine_domain::cart::MAX_LINE_QUANTITY;

    /// utoipa takes only a literal for `maximum`: the document must still say what the
    /// domain enforces, since the web app reads its quantity limit from it.
    #[test]
    fn the_documented_quantity_maximum_is_the_domains_line_maximum() {
        let doc = serde_json::to_value(crate::openapi()).expect("the document serializes");
        let schemas = &doc["components"]["schemas"];
        for request in ["NewCartItem", "UpdateCartItem"] {
            assert_eq!(
                schemas[request]["properties"]["quantity"]["maximum"].as_f64(),
                Some(f64::from(MAX_LINE_QUANTITY)),
                "{request}"
            );
        }
    }
}
