//! Changing the quantity of a line already in the cart: the same rules as adding that many
//! (min, max, step, sold individually, stock counting the other lines), or removal at zero.

use super::{AddTarget, Cart, CartError, CartItemKey, plan_add};
use crate::catalogue::Product;

/// The cart with line `key` set to `quantity`; zero removes the line. `product` is the line's
/// product (the parent for a variation) and `related` its bundled products. The line keeps its
/// place; a sold-individually line stays at one.
pub fn plan_set_quantity(
    cart: &Cart,
    key: &CartItemKey,
    quantity: u32,
    product: &Product,
    related: &[Product],
) -> Result<Cart, CartError> {
    let line = cart.line(key).ok_or(CartError::LineNotFound)?;
    let mut next = cart.clone();
    if quantity == 0 {
        next.remove(key)?;
        return Ok(next);
    }
    let target = match line.variation_id {
        Some(variation_id) => AddTarget::Variation {
            variation_id,
            attributes: line.attributes.iter().cloned().collect(),
            quantity,
        },
        None => AddTarget::Single { quantity },
    };
    let mut others = cart.clone();
    others.remove(key)?;
    let planned = plan_add(&others, product, &target, related)?;
    let allowed = planned.first().map_or(quantity, |l| l.quantity);
    next.set_quantity(key, allowed)?;
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::fixtures::{simple_product, vneck};
    use crate::catalogue::{QuantityRules, VariationId};

    fn cart_with(product: &Product, target: AddTarget) -> Cart {
        let mut cart = Cart::default();
        cart.apply(plan_add(&cart, product, &target, &[]).expect("planned"))
            .expect("added");
        cart
    }

    #[test]
    fn a_new_quantity_is_checked_against_stock_without_counting_the_line_itself() {
        let mut beanie = simple_product(48, "Beanie", 1800);
        beanie.inventory.stock_quantity = Some(3);
        let cart = cart_with(&beanie, AddTarget::Single { quantity: 2 });
        let key = cart.lines[0].key.clone();
        let three = plan_set_quantity(&cart, &key, 3, &beanie, &[]).expect("3 of 3");
        assert_eq!(three.item_count(), 3);
        let err = plan_set_quantity(&cart, &key, 4, &beanie, &[]).unwrap_err();
        assert_eq!(
            err,
            CartError::InsufficientStock {
                available: 3,
                in_cart: 0
            }
        );
    }

    #[test]
    fn zero_removes_and_an_unknown_key_is_reported() {
        let beanie = simple_product(48, "Beanie", 1800);
        let cart = cart_with(&beanie, AddTarget::Single { quantity: 2 });
        let key = cart.lines[0].key.clone();
        assert!(
            plan_set_quantity(&cart, &key, 0, &beanie, &[])
                .expect("removed")
                .lines
                .is_empty()
        );
        let other = CartItemKey::parse(&"0".repeat(32)).expect("key");
        let err = plan_set_quantity(&cart, &other, 1, &beanie, &[]).unwrap_err();
        assert!(matches!(err, CartError::LineNotFound));
    }

    #[test]
    fn step_and_max_rules_apply_and_a_sold_individually_line_stays_at_one() {
        let mut belt = simple_product(58, "Belt", 5500);
        belt.inventory.quantity = QuantityRules {
            min: 2,
            max: Some(6),
            step: 2,
        };
        let cart = cart_with(&belt, AddTarget::Single { quantity: 2 });
        let key = cart.lines[0].key.clone();
        for wrong in [3, 8] {
            let err = plan_set_quantity(&cart, &key, wrong, &belt, &[]).unwrap_err();
            assert!(matches!(err, CartError::InvalidQuantity(_)), "{wrong}");
        }
        let mut album = simple_product(73, "Album", 1500);
        album.inventory.sold_individually = true;
        let cart = cart_with(&album, AddTarget::Single { quantity: 1 });
        let key = cart.lines[0].key.clone();
        let next = plan_set_quantity(&cart, &key, 5, &album, &[]).expect("forced to one");
        assert_eq!(next.item_count(), 1);
    }

    #[test]
    fn a_variation_line_keeps_its_key_and_place() {
        let vneck = vneck();
        let beanie = simple_product(48, "Beanie", 1800);
        let mut cart = cart_with(&beanie, AddTarget::Single { quantity: 1 });
        let red_large = AddTarget::Variation {
            variation_id: VariationId(76),
            attributes: [("color", "Red"), ("size", "Large")]
                .map(|(a, v)| (a.to_owned(), v.to_owned()))
                .into(),
            quantity: 1,
        };
        cart.apply(plan_add(&cart, &vneck, &red_large, &[]).expect("planned"))
            .expect("added");
        let key = cart.lines[1].key.clone();
        let next = plan_set_quantity(&cart, &key, 4, &vneck, &[]).expect("set");
        assert_eq!(next.lines[1].key, key);
        assert_eq!(next.lines[1].quantity, 4);
        assert_eq!(next.lines[0].quantity, 1);
    }
}
