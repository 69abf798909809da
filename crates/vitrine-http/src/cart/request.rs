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
    #[schema(value_type = Option<u32>, minimum = 1)]
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
    /// Whole number ≥ 0 (numeric text accepted); 0 removes the item.
    #[schema(value_type = u32, minimum = 0)]
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
