//! Rules read from TOML and JSON; unknown keys, kinds and binary floats are refused.

use super::*;

#[test]
fn every_kind_of_rule_reads_from_toml() {
    let text = r#"
        stacking = "first_match"
        [[rules]]
        id = "p"
        title = "Five off"
        priority = 3
        action = { kind = "product", adjustment = { amount_off = { amount_minor = 500, currency = "USD" } } }
        [[rules]]
        id = "bogo"
        title = "Second cap half price"
        filter = { categories = [20], exclude = { tags = [7] } }
        conditions = { from = "2026-11-27T00:00:00Z", roles = ["customer"], subtotal_min = { amount_minor = 1000, currency = "USD" } }
        action = { kind = "buy_x_get_y", buy = 1, get = 1, reward = { percent = "50" }, repeat = false }
        [[rules]]
        id = "set"
        title = "3 for $10"
        action = { kind = "set_price", quantity = 3, total = { amount_minor = 1000, currency = "USD" } }
        [[rules]]
        id = "cart"
        title = "10% off"
        action = { kind = "cart_discount", adjustment = { percent = 10 }, cap = { amount_minor = 2000, currency = "USD" } }
        [[rules]]
        id = "ship"
        title = "Free shipping"
        enabled = false
        action = { kind = "free_shipping" }
    "#;
    let config: DiscountConfig = toml::from_str(text).expect("reads");
    let e = Discounts::new(&config, Currency::USD).expect("valid");
    assert_eq!(e.stacking(), Stacking::FirstMatch);
    let ids: Vec<_> = e.rules().iter().map(|r| r.id.0.as_str()).collect();
    assert_eq!(
        ids,
        vec!["bogo", "set", "cart", "ship", "p"],
        "by priority, then as written"
    );
    assert_eq!(
        e.rules()[0].filter.exclude.tags,
        vec![crate::catalogue::TagId(7)]
    );
    let json = serde_json::to_string(&config).expect("writes");
    let back: DiscountConfig = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, config, "the API can send and read the same rules");
}

#[test]
fn unknown_keys_and_kinds_are_refused() {
    let typo = r#"[[rules]]
        id = "a"
        title = "A"
        action = { kind = "product", adjustment = { percent = "10" } }
        filter = { product = [47] }"#;
    let err = toml::from_str::<DiscountConfig>(typo).expect_err("unknown key");
    assert!(err.to_string().contains("unknown field `product`"), "{err}");
    let kind = r#"[[rules]]
        id = "a"
        title = "A"
        action = { kind = "coupon" }"#;
    let err = toml::from_str::<DiscountConfig>(kind).expect_err("unknown kind");
    assert!(
        err.to_string().contains("unknown variant `coupon`"),
        "{err}"
    );
    let extra = r#"[[rules]]
        id = "a"
        title = "A"
        action = { kind = "free_shipping", adjustment = { percent = "10" } }"#;
    assert!(toml::from_str::<DiscountConfig>(extra).is_err());
    let float = r#"[[rules]]
        id = "a"
        title = "A"
        action = { kind = "product", adjustment = { percent = 12.5 } }"#;
    let err = toml::from_str::<DiscountConfig>(float).expect_err("a float");
    assert!(err.to_string().contains("not an exact decimal"), "{err}");
}
