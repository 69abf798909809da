//! Cart rules on the sample catalogue's shapes.

use std::collections::{BTreeMap, HashMap};

use time::macros::datetime;

use super::*;
use crate::catalogue::fixtures::{CURRENCY, bundle_product, hoodie, simple_product, usd, vneck};
use crate::catalogue::{
    Backorders, ExternalLink, ProductId, ProductKind, QuantityRules, VariationId,
};

fn add(
    cart: &mut Cart,
    product: &crate::catalogue::Product,
    target: AddTarget,
    related: &[crate::catalogue::Product],
) -> Result<(), CartError> {
    let lines = plan_add(cart, product, &target, related)?;
    cart.apply(lines)
}

fn price<P: std::borrow::Borrow<crate::catalogue::Product>>(
    cart: &Cart,
    products: &HashMap<ProductId, P>,
    now: time::OffsetDateTime,
) -> PricedCart {
    price_cart(cart, products, CURRENCY, now).expect("the sample prices add up")
}

fn chosen(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(a, v)| ((*a).into(), (*v).into()))
        .collect()
}

#[test]
fn adding_the_same_simple_product_twice_merges_into_one_line() {
    let beanie = simple_product(48, "Beanie", 1800);
    let mut cart = Cart::default();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 1 }, &[]).unwrap();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 2 }, &[]).unwrap();
    assert_eq!(cart.lines.len(), 1);
    assert_eq!(cart.item_count(), 3);
}

#[test]
fn more_than_the_stock_is_refused_with_the_quantity_available() {
    let mut beanie = simple_product(48, "Beanie", 1800);
    beanie.inventory.stock_quantity = Some(2);
    let mut cart = Cart::default();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 2 }, &[]).unwrap();
    let err = add(&mut cart, &beanie, AddTarget::Single { quantity: 1 }, &[]).unwrap_err();
    assert_eq!(
        err,
        CartError::InsufficientStock {
            available: 2,
            in_cart: 2
        }
    );
    assert!(matches!(err, CartError::InsufficientStock { .. }));
    assert_eq!(cart.item_count(), 2, "the cart is unchanged after an error");
}

#[test]
fn backorders_allow_adding_beyond_stock() {
    let mut beanie = simple_product(48, "Beanie", 1800);
    beanie.inventory.stock_quantity = Some(0);
    beanie.inventory.backorders = Backorders::Yes;
    let mut cart = Cart::default();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 5 }, &[]).unwrap();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 2 }, &[]).unwrap();
    assert_eq!(
        cart.item_count(),
        7,
        "both adds are kept beyond the stock of 0"
    );
    assert_eq!(cart.lines.len(), 1, "one line for the same product");

    beanie.inventory.backorders = Backorders::No;
    let mut cart = Cart::default();
    assert!(
        add(&mut cart, &beanie, AddTarget::Single { quantity: 1 }, &[]).is_err(),
        "without backorders the same add is refused"
    );
}

#[test]
fn sold_individually_forces_one_and_refuses_a_second() {
    let mut album = simple_product(73, "Album", 1500);
    album.inventory.sold_individually = true;
    let mut cart = Cart::default();
    add(&mut cart, &album, AddTarget::Single { quantity: 4 }, &[]).unwrap();
    assert_eq!(cart.item_count(), 1);
    let err = add(&mut cart, &album, AddTarget::Single { quantity: 1 }, &[]).unwrap_err();
    assert!(matches!(err, CartError::AlreadyInCart(_)));
}

#[test]
fn min_max_and_step_rules_are_enforced() {
    let mut belt = simple_product(58, "Belt", 5500);
    belt.inventory.quantity = QuantityRules {
        min: 2,
        max: Some(6),
        step: 2,
    };
    let mut cart = Cart::default();
    for q in [1, 3] {
        let err = add(&mut cart, &belt, AddTarget::Single { quantity: q }, &[]).unwrap_err();
        assert!(matches!(err, CartError::InvalidQuantity(_)), "quantity {q}");
    }
    add(&mut cart, &belt, AddTarget::Single { quantity: 4 }, &[]).unwrap();
    assert!(matches!(
        add(&mut cart, &belt, AddTarget::Single { quantity: 4 }, &[]).unwrap_err(),
        CartError::InvalidQuantity(_)
    ));
}

#[test]
fn external_products_are_never_added() {
    let mut pennant = simple_product(89, "WordPress Pennant", 1105);
    pennant.kind = ProductKind::External;
    pennant.external = Some(ExternalLink {
        url: "https://example.com".into(),
        button_text: "Buy".into(),
    });
    let err = plan_add(
        &Cart::default(),
        &pennant,
        &AddTarget::Single { quantity: 1 },
        &[],
    )
    .unwrap_err();
    assert!(matches!(err, CartError::NotPurchasable(_)));
}

#[test]
fn a_variation_line_carries_the_full_attribute_choice() {
    let vneck = vneck();
    let mut cart = Cart::default();
    let target = AddTarget::Variation {
        variation_id: VariationId(76),
        attributes: chosen(&[("color", "Red"), ("size", "Large")]),
        quantity: 1,
    };
    add(&mut cart, &vneck, target, &[]).unwrap();
    assert_eq!(
        cart.lines[0].attributes,
        vec![
            ("color".into(), "Red".into()),
            ("size".into(), "Large".into())
        ]
    );
    let missing_size = AddTarget::Variation {
        variation_id: VariationId(76),
        attributes: chosen(&[("color", "Red")]),
        quantity: 1,
    };
    assert!(matches!(
        plan_add(&cart, &vneck, &missing_size, &[]).unwrap_err(),
        CartError::InvalidAttributes(_)
    ));
}

#[test]
fn a_variation_with_a_contradicting_attribute_is_refused() {
    let target = AddTarget::Variation {
        variation_id: VariationId(79),
        attributes: chosen(&[("color", "Blue"), ("logo", "No")]),
        quantity: 1,
    };
    assert!(matches!(
        plan_add(&Cart::default(), &hoodie(), &target, &[]).unwrap_err(),
        CartError::InvalidAttributes(_)
    ));
}

#[test]
fn grouped_adds_each_child_with_a_quantity_and_skips_zeroes() {
    let mut group = simple_product(87, "Logo Collection", 0);
    group.kind = ProductKind::Grouped;
    group.grouped_children = vec![ProductId(46), ProductId(47), ProductId(48)];
    let children = [
        simple_product(46, "Hoodie with Logo", 4500),
        simple_product(47, "T-Shirt", 1800),
        simple_product(48, "Beanie", 1800),
    ];
    let mut cart = Cart::default();
    let target = AddTarget::Grouped {
        quantities: vec![(ProductId(46), 1), (ProductId(47), 0), (ProductId(48), 2)],
    };
    add(&mut cart, &group, target, &children).unwrap();
    let quantities: Vec<(ProductId, u32)> = cart
        .lines
        .iter()
        .map(|l| (l.product_id, l.quantity))
        .collect();
    assert_eq!(
        quantities,
        [(ProductId(46), 1), (ProductId(48), 2)],
        "each child with its own quantity, the zero skipped"
    );
    let none = AddTarget::Grouped {
        quantities: vec![(ProductId(46), 0)],
    };
    assert!(matches!(
        plan_add(&cart, &group, &none, &children).unwrap_err(),
        CartError::InvalidQuantity(_)
    ));
}

#[test]
fn a_bundle_costs_its_base_price_plus_its_items_and_checks_their_stock() {
    let bundle = bundle_product(
        200,
        "Hoodie & Beanie Bundle",
        500,
        &[(46, 1, 4000), (48, 1, 1600)],
    );
    let mut beanie = simple_product(48, "Beanie", 1800);
    beanie.inventory.stock_quantity = Some(1);
    let parts = [simple_product(46, "Hoodie with Logo", 4500), beanie];
    let mut cart = Cart::default();
    add(
        &mut cart,
        &bundle,
        AddTarget::Single { quantity: 1 },
        &parts,
    )
    .unwrap();
    assert!(matches!(
        plan_add(&cart, &bundle, &AddTarget::Single { quantity: 2 }, &parts).unwrap_err(),
        CartError::InsufficientStock { .. }
    ));
    let products = HashMap::from([(bundle.id, bundle.clone())]);
    let priced = price(&cart, &products, datetime!(2026-11-22 0:00 UTC));
    assert_eq!(priced.subtotal, usd(500 + 4000 + 1600));
}

#[test]
fn cart_maths_use_catalogue_prices_including_sales() {
    let hoodie = hoodie();
    let mut cart = Cart::default();
    let red = AddTarget::Variation {
        variation_id: VariationId(79),
        attributes: chosen(&[("color", "Red"), ("logo", "No")]),
        quantity: 2,
    };
    add(&mut cart, &hoodie, red, &[]).unwrap();
    let products = HashMap::from([(hoodie.id, hoodie.clone())]);
    let priced = price(&cart, &products, datetime!(2026-11-22 0:00 UTC));
    assert_eq!(priced.lines[0].unit_price, usd(4200));
    assert_eq!(priced.subtotal, usd(8400));
    assert_eq!(priced.item_count, 2);
    assert_eq!(priced.lines[0].name, "Hoodie - Red, No");
    assert_eq!(priced.hash.len(), 32);
}

#[test]
fn a_line_whose_product_vanished_is_reported_and_left_out_of_totals() {
    let beanie = simple_product(48, "Beanie", 1800);
    let mut cart = Cart::default();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 1 }, &[]).unwrap();
    let none: HashMap<ProductId, crate::catalogue::Product> = HashMap::new();
    let priced = price(&cart, &none, datetime!(2026-11-22 0:00 UTC));
    assert_eq!(priced.subtotal, usd(0));
    assert_eq!(priced.unavailable.len(), 1);
    assert_eq!(priced.hash, "");
}

#[test]
fn the_hash_changes_with_quantity_and_removal_works_by_key() {
    let beanie = simple_product(48, "Beanie", 1800);
    let products = HashMap::from([(beanie.id, beanie.clone())]);
    let now = datetime!(2026-11-22 0:00 UTC);
    let mut cart = Cart::default();
    add(&mut cart, &beanie, AddTarget::Single { quantity: 1 }, &[]).unwrap();
    let before = price(&cart, &products, now).hash;
    let key = cart.lines[0].key.clone();
    cart.set_quantity(&key, 3).unwrap();
    assert_ne!(price(&cart, &products, now).hash, before);
    cart.set_quantity(&key, 0).unwrap();
    assert!(cart.lines.is_empty());
    assert!(matches!(
        cart.remove(&key).unwrap_err(),
        CartError::LineNotFound
    ));
}

#[test]
fn a_grouped_product_without_quantities_and_a_draft_are_not_purchasable() {
    let mut group = simple_product(87, "Logo Collection", 0);
    group.kind = ProductKind::Grouped;
    group.grouped_children = vec![ProductId(48)];
    let single = AddTarget::Single { quantity: 1 };
    let err = plan_add(&Cart::default(), &group, &single, &[]).unwrap_err();
    assert!(matches!(err, CartError::NotPurchasable(_)));
    let mut draft = simple_product(48, "Beanie", 1800);
    draft.status = crate::catalogue::ProductStatus::Draft;
    let err = plan_add(&Cart::default(), &draft, &single, &[]).unwrap_err();
    assert!(matches!(err, CartError::NotPurchasable(_)));
    assert!(
        !err.to_string().contains("Beanie"),
        "a draft's name stays private"
    );
}
