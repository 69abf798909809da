//! Adding a product of any type (docs/api.md `POST /cart/items`). The request's quantities
//! arrive as the browser sent them and are checked here, after the product is known, so every
//! refusal can point at the product's page (spec §8). Any price the browser sends is ignored.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde_json::Value;
use vitrine_domain::cart::{
    AddTarget, Cart, CartError, MAX_LINE_QUANTITY, SessionId, parse_child_quantity, parse_quantity,
    plan_add,
};
use vitrine_domain::catalogue::{Product, ProductId, ProductKind, VariationId, find_matching};

use super::products::{CartProducts, related_ids};
use super::{CartState, Carts, SHOP_URL};
use crate::error::{AppError, AppResult};
use crate::pricing::Shopper;

/// What the shopper asked to add.
#[derive(Debug, Clone, Default)]
pub struct NewItem {
    /// A product, or a variation (its parent is added with it).
    pub product_id: i64,
    /// As sent: a whole number or a numeric string; absent means 1.
    pub quantity: Option<Value>,
    pub variation_id: Option<i64>,
    /// Chosen attribute values by slug (`attribute_` prefixes are dropped).
    pub attributes: Option<BTreeMap<String, String>>,
    /// Grouped products: quantity per child id, as sent.
    pub quantities: Option<BTreeMap<String, Value>>,
}

fn refused(error: CartError, product_url: &str) -> AppError {
    AppError::Cart {
        error,
        product_url: Some(product_url.to_owned()),
    }
}

impl Carts {
    /// Adds a product of any type. The product, the cart's own products and everything they
    /// are made of are read in two rounds (three when the id names a variation).
    pub async fn add(
        &self,
        session: Option<&SessionId>,
        item: &NewItem,
        shopper: Shopper,
    ) -> AppResult<CartState> {
        let price_for = self.price_for(shopper)?;
        let asked = ProductId(item.product_id);
        let mut products = CartProducts::default();
        let turn = self.turn(session).await;
        let stored = match session {
            Some(id) => self.inner.store.load_cart(id).await?,
            None => None,
        };
        let lines: Vec<ProductId> = stored
            .iter()
            .flat_map(|s| s.cart.lines.iter().map(|l| l.product_id))
            .collect();
        products
            .load(&self.inner.catalogue, lines.iter().copied().chain([asked]))
            .await?;
        let (product, variation) = match products.shared(asked) {
            Some(product) => (product, item.variation()),
            None => self.parent_of_variation(item).await?,
        };
        let parts = lines
            .iter()
            .filter_map(|id| products.get(*id))
            .flat_map(related_ids)
            .chain(related_ids(&product))
            .collect::<Vec<_>>();
        products.load(&self.inner.catalogue, parts).await?;
        let url = product.path();
        let target = item
            .target(&product, variation)
            .map_err(|e| refused(e, &url))?;
        let related = products.related(&product);
        products.insert(Arc::clone(&product));
        let change = |cart: &Cart, _: &CartProducts| {
            let planned =
                plan_add(cart, &product, &target, &related).map_err(|e| refused(e, &url))?;
            let added = planned.iter().map(|l| l.key.clone()).collect();
            let mut next = cart.clone();
            next.apply(planned).map_err(|e| refused(e, &url))?;
            Ok((next, added))
        };
        self.write_cart(turn, session, Some(stored), products, &change, &price_for)
            .await
    }

    /// `product_id` may name a variation: its parent, and the variation.
    async fn parent_of_variation(
        &self,
        item: &NewItem,
    ) -> AppResult<(Arc<Product>, Option<VariationId>)> {
        let variation = VariationId(item.product_id);
        match self.inner.catalogue.product_of_variation(variation).await? {
            Some(parent) => Ok((Arc::new(parent), item.variation().or(Some(variation)))),
            None => Err(refused(CartError::ProductNotFound, SHOP_URL)),
        }
    }
}

impl NewItem {
    fn variation(&self) -> Option<VariationId> {
        self.variation_id.filter(|id| *id > 0).map(VariationId)
    }

    /// What to add to the cart for this product: a quantity, a variation or a group's
    /// children. An incomplete choice on a variable product is left to the domain, which
    /// answers "Please choose product options."
    fn target(
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
            None => Ok(AddTarget::Single { quantity }),
        }
    }

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

/// The variation matching a complete choice of every variation attribute.
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

/// A group's children with their quantities, in the group's order; the same child sent twice
/// adds up.
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
        // The same child sent twice ("46" and " 46") adds up; past u32 it is too large
        // rather than clamped (the domain refuses anything past its line maximum anyway).
        *total =
            total
                .checked_add(parse_child_quantity(raw)?)
                .ok_or(CartError::QuantityTooLarge {
                    max: MAX_LINE_QUANTITY,
                })?;
    }
    let position = |id: &ProductId| {
        let listed = product.grouped_children.iter().position(|c| c == id);
        (listed.unwrap_or(usize::MAX), *id)
    };
    let mut quantities: Vec<(ProductId, u32)> = parsed.into_iter().collect();
    quantities.sort_unstable_by_key(|(id, _)| position(id));
    Ok(AddTarget::Grouped { quantities })
}
