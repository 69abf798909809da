use super::*;
use crate::catalogue::fixtures::{hoodie, simple_product, vneck};

fn tshirt() -> ItemContext {
    let mut p = simple_product(47, "T-Shirt", 1800);
    p.categories = vec![CategoryId(15)];
    p.tags = vec![TagId(3)];
    p.attributes = vec![crate::catalogue::Attribute {
        variation: false,
        ..crate::catalogue::fixtures::attribute("Color", &["Gray"])
    }];
    ItemContext::of(&p, None, &[])
}

#[test]
fn an_empty_filter_matches_every_item() {
    assert!(Filter::default().is_empty());
    assert!(Filter::default().matches(&tshirt()));
}

#[test]
fn every_list_given_must_match() {
    let shirts_in_clothing = Filter {
        products: vec![ProductId(47)],
        categories: vec![CategoryId(15)],
        ..Filter::default()
    };
    assert!(shirts_in_clothing.matches(&tshirt()));
    let elsewhere = Filter {
        categories: vec![CategoryId(16)],
        ..shirts_in_clothing.clone()
    };
    assert!(
        !elsewhere.matches(&tshirt()),
        "right product, wrong category"
    );
    let tagged = Filter {
        tags: vec![TagId(9), TagId(3)],
        ..Filter::default()
    };
    assert!(tagged.matches(&tshirt()), "any tag of the list");
}

#[test]
fn exclusions_win_over_inclusions() {
    let clothing_but_gray = Filter {
        categories: vec![CategoryId(15)],
        exclude: Exclusions {
            attributes: vec![AttributeValue {
                attribute: "COLOR".into(),
                value: "gray".into(),
            }],
            ..Exclusions::default()
        },
        ..Filter::default()
    };
    assert!(!clothing_but_gray.matches(&tshirt()), "case-insensitive");
    let not_product = Filter {
        exclude: Exclusions {
            products: vec![ProductId(47)],
            ..Exclusions::default()
        },
        ..Filter::default()
    };
    assert!(!not_product.is_empty());
    assert!(!not_product.matches(&tshirt()));
}

#[test]
fn a_variation_matches_its_product_and_its_own_id_and_values() {
    let hoodie = hoodie();
    let red = ItemContext::of(&hoodie, Some(VariationId(79)), &[]);
    assert_eq!(
        red.attributes,
        vec![("color".into(), "Red".into()), ("logo".into(), "No".into())]
    );
    let by_product = Filter {
        products: vec![ProductId(45)],
        ..Filter::default()
    };
    assert!(by_product.matches(&red));
    let other_variation = Filter {
        variations: vec![VariationId(80)],
        ..Filter::default()
    };
    assert!(!other_variation.matches(&red));
    let blue = Filter {
        attributes: vec![AttributeValue {
            attribute: "color".into(),
            value: "Blue".into(),
        }],
        ..Filter::default()
    };
    assert!(!blue.matches(&red));
}

#[test]
fn a_value_left_open_by_the_variation_comes_from_the_shoppers_choice() {
    let vneck = vneck();
    let chosen = [("size".to_owned(), "Large".to_owned())];
    let red_large = ItemContext::of(&vneck, Some(VariationId(76)), &chosen);
    assert!(
        red_large
            .attributes
            .contains(&("size".into(), "Large".into()))
    );
    let unchosen = ItemContext::of(&vneck, Some(VariationId(76)), &[]);
    assert_eq!(unchosen.attributes, vec![("color".into(), "Red".into())]);
}
