use super::*;
use crate::order::OrderStatus::*;

#[test]
fn ten_orders_make_one_page_and_the_eleventh_starts_the_second() {
    assert_eq!(ORDERS_PER_PAGE, 10);
    assert_eq!(page_count(0, 10), 1, "an empty list is one page");
    assert_eq!(page_count(9, 10), 1);
    assert_eq!(page_count(10, 10), 1);
    assert_eq!(page_count(11, 10), 2);
    assert_eq!(page_offset(1, 10), 0);
    assert_eq!(page_offset(0, 10), 0);
    assert_eq!(page_offset(2, 10), 10);
}

#[test]
fn only_unpaid_pending_and_failed_orders_can_be_paid_or_cancelled() {
    for status in [Pending, Failed] {
        assert_eq!(
            OrderActions::new(status, false),
            OrderActions {
                pay: true,
                cancel: true
            },
            "{status:?}"
        );
        assert_eq!(
            OrderActions::new(status, true),
            OrderActions {
                pay: false,
                cancel: false
            },
            "paid {status:?}"
        );
    }
    for status in [Processing, OnHold, Completed, Cancelled, Refunded] {
        assert_eq!(
            OrderActions::new(status, false),
            OrderActions {
                pay: false,
                cancel: false
            },
            "{status:?}"
        );
    }
}

#[test]
fn a_kept_shipping_address_has_no_phone_or_email() {
    let billing = Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        company: String::new(),
        country: "GB".into(),
        address_1: "1 Way".into(),
        address_2: String::new(),
        city: "London".into(),
        state: String::new(),
        postcode: "SW1A 1AA".into(),
        phone: "555".into(),
        email: "ada@example.com".into(),
    };
    assert_eq!(address_to_keep(AddressKind::Billing, &billing), billing);
    let shipping = address_to_keep(AddressKind::Shipping, &billing);
    assert!(shipping.phone.is_empty() && shipping.email.is_empty());
    assert_eq!(shipping.postcode, "SW1A 1AA");
}
