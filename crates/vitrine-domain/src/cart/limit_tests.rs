//! The line maximum: quantities never clamp, they are refused with the cart left as it was.

use super::*;
use crate::catalogue::fixtures::{bundle_product, simple_product};
use crate::catalogue::{Product, VariationId};

const TOO_LARGE: CartError = CartError::QuantityTooLarge { max: 9_999 };

fn single(quantity: u32) -> AddTarget {
    AddTarget::Single { quantity }
}

/// A cart holding `quantity` Beanies, built through the rules.
fn beanies(quantity: u32) -> (Product, Cart) {
    let beanie = simple_product(48, "Beanie", 1800);
    let mut cart = Cart::default();
    let planned = plan_add(&cart, &beanie, &single(quantity), &[]).expect("planned");
    cart.apply(planned).expect("applied");
    (beanie, cart)
}

#[test]
fn a_line_may_reach_the_maximum_but_not_pass_it() {
    let (beanie, cart) = beanies(9_998);
    let planned = plan_add(&cart, &beanie, &single(1), &[]).expect("9,998 + 1 fits");
    let mut full = cart.clone();
    full.apply(planned).expect("applied");
    assert_eq!(full.lines[0].quantity, 9_999);
    assert_eq!(plan_add(&full, &beanie, &single(1), &[]), Err(TOO_LARGE));
    assert_eq!(plan_add(&cart, &beanie, &single(2), &[]), Err(TOO_LARGE));
}

#[test]
fn a_quantity_past_u32_is_refused_not_clamped() {
    let beanie = simple_product(48, "Beanie", 1800);
    let empty = Cart::default();
    assert_eq!(
        plan_add(&empty, &beanie, &single(3_000_000_000), &[]),
        Err(TOO_LARGE)
    );
    assert_eq!(
        plan_add(&empty, &beanie, &single(u32::MAX), &[]),
        Err(TOO_LARGE)
    );
}

#[test]
fn applying_a_merge_past_the_maximum_leaves_the_cart_as_it_was() {
    let (beanie, cart) = beanies(9_000);
    // A plan made on an emptier cart (another tab) must not push the stored line past it.
    let stale = plan_add(&Cart::default(), &beanie, &single(1_000), &[]).expect("planned");
    let mut next = cart.clone();
    assert_eq!(next.apply(stale), Err(TOO_LARGE));
    assert_eq!(next, cart);
    let mut line = cart.lines[0].clone();
    line.quantity = u32::MAX;
    assert_eq!(next.apply(vec![line]), Err(TOO_LARGE), "no overflow either");
    assert_eq!(next, cart);
}

#[test]
fn setting_a_quantity_is_capped_at_the_maximum() {
    let (beanie, cart) = beanies(1);
    let key = cart.lines[0].key.clone();
    let set = plan_set_quantity(&cart, &key, 9_999, &beanie, &[]).expect("the maximum");
    assert_eq!(set.lines[0].quantity, 9_999);
    assert_eq!(
        plan_set_quantity(&cart, &key, 10_000, &beanie, &[]),
        Err(TOO_LARGE)
    );
    let mut direct = cart.clone();
    assert_eq!(direct.set_quantity(&key, 10_000), Err(TOO_LARGE));
    assert_eq!(direct, cart);
}

#[test]
fn lines_of_the_same_variation_count_together() {
    // Red is an "any size" variation: Red Small and Red Large are two lines of it.
    let tee = crate::catalogue::fixtures::vneck();
    let red = |size: &str, quantity| AddTarget::Variation {
        variation_id: VariationId(76),
        attributes: [("color", "Red"), ("size", size)]
            .map(|(a, v)| (a.to_owned(), v.to_owned()))
            .into(),
        quantity,
    };
    let mut cart = Cart::default();
    let planned = plan_add(&cart, &tee, &red("Small", 9_000), &[]).expect("planned");
    cart.apply(planned).expect("applied");
    assert_eq!(
        plan_add(&cart, &tee, &red("Large", 1_000), &[]),
        Err(TOO_LARGE)
    );
    assert!(plan_add(&cart, &tee, &red("Large", 999), &[]).is_ok());
}

#[test]
fn a_bundles_part_stock_is_checked_on_the_exact_number_of_units() {
    // 1,000,000 hats per bundle × 9,999 bundles = 9,999,000,000 hats: past u32, and more
    // than the 5,000,000,000 in stock. A clamped product (4,294,967,295) would have fitted.
    let bundle = bundle_product(200, "Hat Crate", 0, &[(48, 1_000_000, 1)]);
    let mut hat = simple_product(48, "Hat", 1);
    hat.inventory.stock_quantity = Some(5_000_000_000);
    let err = plan_add(&Cart::default(), &bundle, &single(9_999), &[hat]).unwrap_err();
    assert!(
        matches!(err, CartError::InsufficientStock { .. }),
        "{err:?}"
    );
}
