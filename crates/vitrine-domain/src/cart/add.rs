//! Turning an add-to-cart request into cart lines, checking every rule for every product type.

use std::collections::BTreeMap;

use super::{Cart, CartError, CartItemKey, CartLine, MAX_LINE_QUANTITY};
use crate::catalogue::{Inventory, Product, ProductId, ProductKind, VariationId};
use crate::money::Money;

/// What the shopper asked to add, after the HTTP layer parsed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddTarget {
    /// A simple or bundle product.
    Single { quantity: u32 },
    /// A variation of a variable product with the chosen attribute values (slug → value).
    Variation {
        variation_id: VariationId,
        attributes: BTreeMap<String, String>,
        quantity: u32,
    },
    /// A grouped product: a quantity per child; zero quantities are skipped.
    Grouped { quantities: Vec<(ProductId, u32)> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddRequest {
    pub product_id: ProductId,
    pub target: AddTarget,
}

/// Plans the lines to add. `related` holds the grouped children or bundled products.
pub fn plan_add(
    cart: &Cart,
    product: &Product,
    target: &AddTarget,
    related: &[Product],
) -> Result<Vec<CartLine>, CartError> {
    if !product.is_published() {
        // A draft or private product exists but is not for sale; its name stays private.
        return Err(CartError::NotPurchasable(
            "Sorry, this product cannot be purchased.".into(),
        ));
    }
    match (product.kind, target) {
        (ProductKind::External, _) => Err(not_purchasable(&product.name)),
        (ProductKind::Simple, AddTarget::Single { quantity }) => {
            if !product.is_purchasable() {
                return Err(not_purchasable(&product.name));
            }
            let quantity = check_item(
                &product.name,
                &product.inventory,
                product.pricing.prices(),
                *quantity,
                cart.quantity_of(product.id, None),
            )?;
            Ok(vec![line(product.id, None, Vec::new(), quantity)])
        }
        (ProductKind::Bundle, AddTarget::Single { quantity }) => {
            plan_bundle(cart, product, *quantity, related)
        }
        (
            ProductKind::Variable,
            AddTarget::Variation {
                variation_id,
                attributes,
                quantity,
            },
        ) => plan_variation(cart, product, *variation_id, attributes, *quantity),
        (ProductKind::Variable, _) => Err(CartError::InvalidAttributes(
            "Please choose product options.".into(),
        )),
        (ProductKind::Grouped, AddTarget::Grouped { quantities }) => {
            plan_grouped(cart, product, quantities, related)
        }
        // A grouped product is never bought as such, only its children (with `quantities`).
        (ProductKind::Grouped, _) => Err(CartError::NotPurchasable(format!(
            "Please choose the quantity of each \"{}\" item you wish to add to your cart.",
            product.name
        ))),
        _ => Err(not_purchasable(&product.name)),
    }
}

fn not_purchasable(name: &str) -> CartError {
    CartError::NotPurchasable(format!("Sorry, \"{name}\" cannot be purchased."))
}

fn line(
    product: ProductId,
    variation: Option<VariationId>,
    attributes: Vec<(String, String)>,
    quantity: u32,
) -> CartLine {
    CartLine {
        key: CartItemKey::compute(product, variation, &attributes),
        product_id: product,
        variation_id: variation,
        attributes,
        quantity,
    }
}

/// Quantity rules (sold individually, min, max, step), stock and the line total at each of
/// the item's `prices`, counting what is already in the cart.
fn check_item(
    name: &str,
    inventory: &Inventory,
    prices: impl IntoIterator<Item = Money>,
    requested: u32,
    in_cart: u64,
) -> Result<u32, CartError> {
    if inventory.sold_individually {
        if in_cart > 0 {
            return Err(CartError::AlreadyInCart(name.to_owned()));
        }
        return check_stock(inventory, 1, 0).map(|()| 1);
    }
    let rules = inventory.quantity;
    if requested < rules.min.max(1) {
        return Err(CartError::InvalidQuantity(format!(
            "The minimum quantity of \"{name}\" is {}.",
            rules.min
        )));
    }
    if rules.step > 1 && !requested.is_multiple_of(rules.step) {
        return Err(CartError::InvalidQuantity(format!(
            "\"{name}\" is sold in multiples of {}.",
            rules.step
        )));
    }
    let units = in_cart + u64::from(requested);
    if let Some(max) = rules.max
        && units > u64::from(max)
    {
        return Err(CartError::InvalidQuantity(format!(
            "The maximum quantity of \"{name}\" is {max}."
        )));
    }
    if units > u64::from(MAX_LINE_QUANTITY) {
        return Err(CartError::QuantityTooLarge {
            max: MAX_LINE_QUANTITY,
        });
    }
    check_stock(inventory, u64::from(requested), in_cart)?;
    check_total(name, prices, units)?;
    Ok(requested)
}

/// A quantity whose total could not be represented is the shopper's to change: refused as an
/// invalid quantity, so a cart never holds a line it cannot price.
fn check_total(
    name: &str,
    prices: impl IntoIterator<Item = Money>,
    units: u64,
) -> Result<(), CartError> {
    let too_large =
        || CartError::InvalidQuantity(format!("The quantity of \"{name}\" is too large."));
    let units = i64::try_from(units).map_err(|_| too_large())?;
    for price in prices {
        price.checked_mul(units).map_err(|_| too_large())?;
    }
    Ok(())
}

fn check_stock(inventory: &Inventory, requested: u64, in_cart: u64) -> Result<(), CartError> {
    if !inventory.is_in_stock() {
        return Err(CartError::InsufficientStock {
            available: 0,
            in_cart,
        });
    }
    if let (Some(stock), crate::catalogue::Backorders::No) =
        (inventory.stock_quantity, inventory.backorders)
        && in_cart.saturating_add(requested) > u64::try_from(stock.max(0)).unwrap_or(0)
    {
        return Err(CartError::InsufficientStock {
            available: stock.max(0),
            in_cart,
        });
    }
    Ok(())
}

fn plan_variation(
    cart: &Cart,
    product: &Product,
    variation_id: VariationId,
    chosen: &BTreeMap<String, String>,
    quantity: u32,
) -> Result<Vec<CartLine>, CartError> {
    let variation = product
        .variation(variation_id)
        .filter(|v| v.enabled && v.pricing.regular.is_some())
        .ok_or_else(|| CartError::InvalidAttributes("Please choose product options.".into()))?;
    let mut resolved = Vec::new();
    for attribute in product.attributes.iter().filter(|a| a.variation) {
        let wanted = chosen
            .get(&attribute.slug)
            .map(String::as_str)
            .unwrap_or("");
        let value = match variation.value_of(&attribute.slug) {
            Some(fixed) if wanted.is_empty() || wanted == fixed => fixed.to_owned(),
            Some(_) => {
                return Err(CartError::InvalidAttributes(format!(
                    "Invalid value posted for {}.",
                    attribute.name
                )));
            }
            None if attribute.options.iter().any(|o| o == wanted) => wanted.to_owned(),
            None => {
                return Err(CartError::InvalidAttributes(format!(
                    "{} is a required field.",
                    attribute.name
                )));
            }
        };
        resolved.push((attribute.slug.clone(), value));
    }
    let name = format!(
        "{} - {}",
        product.name,
        resolved
            .iter()
            .map(|(_, v)| v.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let in_cart = cart.quantity_of(product.id, Some(variation_id));
    let prices = variation.pricing.prices();
    let quantity = check_item(&name, &variation.inventory, prices, quantity, in_cart)?;
    Ok(vec![line(
        product.id,
        Some(variation_id),
        resolved,
        quantity,
    )])
}

fn plan_grouped(
    cart: &Cart,
    product: &Product,
    quantities: &[(ProductId, u32)],
    children: &[Product],
) -> Result<Vec<CartLine>, CartError> {
    let mut lines = Vec::new();
    for (child_id, quantity) in quantities.iter().filter(|(_, q)| *q > 0) {
        if !product.grouped_children.contains(child_id) {
            return Err(CartError::ProductNotFound);
        }
        let child = children
            .iter()
            .find(|c| c.id == *child_id)
            .ok_or(CartError::ProductNotFound)?;
        let mut planned = plan_add(
            cart,
            child,
            &AddTarget::Single {
                quantity: *quantity,
            },
            &[],
        )?;
        lines.append(&mut planned);
    }
    if lines.is_empty() {
        return Err(CartError::InvalidQuantity(
            "Please choose the quantity of items you wish to add to your cart.".into(),
        ));
    }
    Ok(lines)
}

fn plan_bundle(
    cart: &Cart,
    product: &Product,
    quantity: u32,
    bundled: &[Product],
) -> Result<Vec<CartLine>, CartError> {
    let bundle = product
        .bundle
        .as_ref()
        .ok_or_else(|| not_purchasable(&product.name))?;
    let quantity = check_item(
        &product.name,
        &product.inventory,
        [bundle.total()?],
        quantity,
        cart.quantity_of(product.id, None),
    )?;
    for item in &bundle.items {
        let part = bundled
            .iter()
            .find(|p| p.id == item.product_id)
            .ok_or_else(|| not_purchasable(&product.name))?;
        // Both are u32, so the product fits a u64 exactly: no clamped stock check.
        let needed = u64::from(item.quantity) * u64::from(quantity);
        check_stock(&part.inventory, needed, cart.quantity_of(part.id, None))?;
    }
    Ok(vec![line(product.id, None, Vec::new(), quantity)])
}
