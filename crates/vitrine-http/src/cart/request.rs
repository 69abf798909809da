//! The bodies the cart endpoints accept, and how an add request becomes a domain target.
//! Like the add-to-cart button's data attributes (spec §3), extra fields are accepted and
//! ignored; that includes any price or total the browser sends.

use std::collections::{BTreeMap, HashMap};

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use vitrine_domain::cart::{AddTarget, CartError, parse_child_quantity, parse_quantity};
use vitrine_domain::catalogue::{Product, ProductId, ProductKind, VariationId, find_matching};

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

impl NewCartItem {
    /// The variation named by `variation_id`, when one is.
    pub(crate) fn variation(&self) -> Option<VariationId> {
        self.variation_id.filter(|id| *id > 0).map(VariationId)
    }

    /// What to add to `product` (the parent, when a variation was asked for). `variation` is
    /// the variation the request names, directly or through `product_id`.
    pub(crate) fn target(
        &self,
        product: &Product,
        variation: Option<VariationId>,
    ) -> Result<AddTarget, CartError> {
        if product.kind == ProductKind::Grouped
            && let Some(quantities) = &self.quantities
        {
            return grouped(product, quantities);
        }
        let quantity = match &self.quantity {
            None | Some(Value::Null) => 1,
            Some(raw) => parse_quantity(raw)?,
        };
        if product.kind != ProductKind::Variable {
            return Ok(AddTarget::Single { quantity });
        }
        let attributes = self.chosen();
        match variation.or_else(|| matching(product, &attributes)) {
            Some(variation_id) => Ok(AddTarget::Variation {
                variation_id,
                attributes,
                quantity,
            }),
            // The domain answers "Please choose product options." (invalid_attributes).
            None => Ok(AddTarget::Single { quantity }),
        }
    }

    /// Chosen attribute values by slug (`attribute_color` → `color`).
    fn chosen(&self) -> BTreeMap<String, String> {
        self.attributes
            .iter()
            .flatten()
            .map(|(key, value)| {
                let slug = key.strip_prefix("attribute_").unwrap_or(key);
                (slug.to_owned(), value.clone())
            })
            .collect()
    }
}

/// The variation matching a complete choice; none while any variation attribute is unchosen.
fn matching(product: &Product, chosen: &BTreeMap<String, String>) -> Option<VariationId> {
    let complete = product
        .attributes
        .iter()
        .filter(|a| a.variation)
        .all(|a| chosen.get(&a.slug).is_some_and(|v| !v.is_empty()));
    complete
        .then(|| find_matching(product.active_variations(), chosen).map(|v| v.id))
        .flatten()
}

/// Child quantities in the group's own order, so the lines land in the cart as listed.
fn grouped(
    product: &Product,
    quantities: &BTreeMap<String, Value>,
) -> Result<AddTarget, CartError> {
    let mut parsed: HashMap<ProductId, u32> = HashMap::new();
    for (key, raw) in quantities {
        let id = key.trim().parse::<i64>().map_err(|_| {
            CartError::InvalidQuantity(format!("{key:?} is not a product of this group."))
        })?;
        let total = parsed.entry(ProductId(id)).or_default();
        *total = total.saturating_add(parse_child_quantity(raw)?);
    }
    let position = |id: &ProductId| {
        let listed = product.grouped_children.iter().position(|c| c == id);
        (listed.unwrap_or(usize::MAX), *id)
    };
    let mut quantities: Vec<(ProductId, u32)> = parsed.into_iter().collect();
    quantities.sort_unstable_by_key(|(id, _)| position(id));
    Ok(AddTarget::Grouped { quantities })
}
