use super::*;

fn card(brand: &str, last4: &str, month: u8, year: u16) -> SavedCard {
    SavedCard {
        brand: brand.to_owned(),
        last4: last4.to_owned(),
        exp_month: month,
        exp_year: year,
    }
}

fn method(user: i64, id: &str, default: bool, created_at: i64) -> SavedMethod {
    SavedMethod {
        user: UserId(user),
        method_id: id.to_owned(),
        card: card("visa", "4242", 12, 2030),
        is_default: default,
        created_at,
    }
}

#[test]
fn a_card_is_named_as_woocommerce_names_it() {
    assert_eq!(
        card("visa", "4242", 12, 2030).display_name(),
        "Visa ending in 4242"
    );
    assert_eq!(
        card("amex", "0005", 1, 2031).display_name(),
        "American Express ending in 0005"
    );
    assert_eq!(
        card("mastercard", "4444", 1, 2031).display_name(),
        "Mastercard ending in 4444"
    );
    assert_eq!(card("jcb", "0000", 1, 2031).brand_label(), "JCB");
    assert_eq!(card("elo", "0000", 1, 2031).brand_label(), "Elo");
    assert_eq!(card("", "0000", 1, 2031).brand_label(), "Card");
}

#[test]
fn expiry_is_month_and_two_digit_year() {
    assert_eq!(card("visa", "4242", 12, 2030).expires(), "12/30");
    assert_eq!(card("visa", "4242", 3, 2031).expires(), "03/31");
    assert_eq!(card("visa", "4242", 1, 2100).expires(), "01/00");
}

#[test]
fn a_card_expires_after_its_month() {
    let c = card("visa", "4242", 6, 2030);
    assert!(!c.is_expired(2030, 6), "valid through its last month");
    assert!(c.is_expired(2030, 7));
    assert!(c.is_expired(2031, 1));
    assert!(!c.is_expired(2029, 12));
}

#[test]
fn only_the_owner_finds_a_method() {
    let ada = method(1, "pm_a", true, 10);
    assert_eq!(owned_by(Some(ada.clone()), UserId(1)), Some(ada.clone()));
    assert_eq!(owned_by(Some(ada), UserId(2)), None, "another account's");
    assert_eq!(owned_by(None, UserId(1)), None, "unknown");
}

#[test]
fn the_default_is_preferred_else_the_newest() {
    let old = method(1, "pm_old", false, 10);
    let new = method(1, "pm_new", false, 20);
    let chosen = method(1, "pm_chosen", true, 5);
    assert_eq!(
        preferred(&[old.clone(), new.clone()]).map(|m| m.method_id.as_str()),
        Some("pm_new")
    );
    assert_eq!(
        preferred(&[old, chosen, new]).map(|m| m.method_id.as_str()),
        Some("pm_chosen")
    );
    assert_eq!(preferred(&[]), None);
}
