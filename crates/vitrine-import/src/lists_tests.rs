//! Unit tests of the list-cell parsers.

use super::*;

#[test]
fn comma_lists_are_trimmed_and_honour_escaped_commas() {
    assert_eq!(split_list("Blue, Green,Red"), ["Blue", "Green", "Red"]);
    assert_eq!(split_list("a\\, b, c"), ["a, b", "c"]);
    assert!(split_list("  ").is_empty());
}

#[test]
fn category_paths_split_on_the_angle_bracket() {
    assert_eq!(
        parse_category_paths("Clothing > Tshirts, Music"),
        Ok(vec![
            vec!["Clothing".to_owned(), "Tshirts".to_owned()],
            vec!["Music".to_owned()]
        ])
    );
    assert!(parse_category_paths("Clothing > ").is_err());
}

#[test]
fn text_lists_are_plain_text_and_items_left_without_text_are_dropped() {
    assert_eq!(
        split_text_list("<b>warm</b>, <img src=x onerror=alert(1)>, Fish &amp; Chips"),
        ["warm", "Fish & Chips"]
    );
}

#[test]
fn category_names_are_plain_text_after_the_path_is_split() {
    assert_eq!(
        parse_category_paths("Music &amp; Posters > Hostile<img src=x onerror=alert(1)"),
        Ok(vec![vec![
            "Music & Posters".to_owned(),
            "Hostile".to_owned()
        ]])
    );
    assert_eq!(
        parse_category_paths("Clothing > <script>alert(1)</script>"),
        Err(r#""Clothing > <script>alert(1)</script>" has a category name without text"#.into())
    );
}

#[test]
fn references_are_id_colon_number_or_a_sku() {
    assert_eq!(parse_reference("id:45"), Ok(Reference::Id(45)));
    assert_eq!(
        parse_reference(" woo-hoodie "),
        Ok(Reference::Sku("woo-hoodie".into()))
    );
    assert!(parse_reference("id:abc").is_err());
    assert_eq!(
        parse_references("woo-tshirt, id:48"),
        Ok(vec![Reference::Sku("woo-tshirt".into()), Reference::Id(48)])
    );
}

#[test]
fn a_type_list_gives_the_kind_and_the_flags() {
    let album = parse_types("simple, downloadable, virtual");
    assert_eq!(
        album,
        Ok(TypeSpec {
            kind: Some(ProductKind::Simple),
            downloadable: true,
            is_virtual: true
        })
    );
    assert!(parse_types("variation").is_ok_and(|t| t.is_variation()));
    assert!(parse_types("Bundle").is_ok_and(|t| t.kind == Some(ProductKind::Bundle)));
}

#[test]
fn an_unknown_missing_or_double_type_is_an_error() {
    assert!(
        parse_types("subscription").is_err_and(|e| e.contains("unknown type \"subscription\""))
    );
    assert_eq!(parse_types(""), Err("a type is required".into()));
    assert!(parse_types("virtual").is_err_and(|e| e.contains("names no product type")));
    assert!(parse_types("simple, variable").is_err_and(|e| e.contains("more than one")));
}

#[test]
fn bundled_items_read_sku_times_quantity_at_price() {
    let items = parse_bundled_items(
        "woo-hoodie-with-logo×1@40.00, woo-beanie x 2@16",
        Currency::USD,
    );
    assert_eq!(
        items,
        Ok(vec![
            BundledRef {
                item: Reference::Sku("woo-hoodie-with-logo".into()),
                quantity: 1,
                price: Money::new(4000, Currency::USD)
            },
            BundledRef {
                item: Reference::Sku("woo-beanie".into()),
                quantity: 2,
                price: Money::new(1600, Currency::USD)
            },
        ])
    );
}

#[test]
fn a_bundled_sku_may_contain_x_and_the_quantity_defaults_to_one() {
    let items = parse_bundled_items("box-xl@5.00, id:48X3@1", Currency::USD);
    assert_eq!(
        items.map(|v| v
            .into_iter()
            .map(|b| (b.item, b.quantity))
            .collect::<Vec<_>>()),
        Ok(vec![
            (Reference::Sku("box-xl".into()), 1),
            (Reference::Id(48), 3)
        ])
    );
}

#[test]
fn a_bundled_item_without_price_or_with_zero_quantity_is_an_error() {
    assert!(parse_bundled_items("woo-beanie×1", Currency::USD).is_err());
    assert!(parse_bundled_items("woo-beanie×0@5", Currency::USD).is_err());
    assert!(parse_bundled_items("woo-beanie×1@cheap", Currency::USD).is_err());
    assert!(parse_bundled_items("×1@5", Currency::USD).is_err());
}
