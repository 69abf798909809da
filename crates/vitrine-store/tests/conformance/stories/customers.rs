//! A customer's own records (issue 15): saved addresses replaced per kind, their orders a
//! page at a time newest first, and the usable download links of their paid orders — never
//! another account's.

use time::Duration;
use vitrine_domain::account::{Email, NewUser, Role, UserId};
use vitrine_domain::address::AddressKind;
use vitrine_domain::customer::CustomerStore;
use vitrine_domain::order::{Order, OrderStore};
use vitrine_domain::ports::AccountStore;
use vitrine_store::Database;

use super::orders::{NOW, address, created, new_order, settlement, stocked, take};

async fn customer(db: &Database, email: &str) -> UserId {
    let user = NewUser {
        email: Email::parse(email).expect("valid email"),
        display_name: "Ada".into(),
        role: Role::Customer,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
    };
    db.accounts().create_user(&user).await.expect("create").id
}

/// Places an order of one unit for `customer`, `n` minutes after NOW.
async fn order_for(db: &Database, customer: Option<UserId>, n: u32) -> Order {
    let mut new = new_order(&format!("s{n}"), &format!("h{n}"), 1);
    new.customer_id = customer.map(|c| c.0);
    new.created_at = NOW + Duration::minutes(i64::from(n));
    created(
        db.orders()
            .place_order(&new, &take(1, 1), None)
            .await
            .expect("place"),
    )
}

pub async fn saved_addresses_are_per_account_and_kind_and_replaced(db: Database) {
    let ada = customer(&db, "ada@example.com").await;
    let bob = customer(&db, "bob@example.com").await;
    let store = db.customers();
    assert_eq!(
        store.addresses(ada).await.expect("read"),
        Default::default()
    );

    let billing = address();
    store
        .save_address(ada, AddressKind::Billing, &billing, NOW)
        .await
        .expect("save");
    let saved = store.addresses(ada).await.expect("read");
    assert_eq!(saved.billing, Some(billing.clone()));
    assert_eq!(saved.shipping, None);

    let mut shipping = address();
    shipping.city = "San Francisco".into();
    shipping.postcode = "94103".into();
    store
        .save_address(ada, AddressKind::Shipping, &shipping, NOW)
        .await
        .expect("save");
    let mut moved = billing.clone();
    moved.address_1 = "2 Road".into();
    store
        .save_address(ada, AddressKind::Billing, &moved, NOW + Duration::hours(1))
        .await
        .expect("replace");
    let saved = store.addresses(ada).await.expect("read");
    assert_eq!(saved.billing, Some(moved));
    assert_eq!(saved.shipping, Some(shipping));
    assert_eq!(
        store.addresses(bob).await.expect("read"),
        Default::default(),
        "another account sees none of them"
    );
}

pub async fn an_account_lists_only_its_own_orders_newest_first_by_page(db: Database) {
    stocked(&db, 100).await;
    let ada = customer(&db, "ada@example.com").await;
    let bob = customer(&db, "bob@example.com").await;
    let mut adas = Vec::new();
    for n in 0..12 {
        adas.push(order_for(&db, Some(ada), n).await.id);
    }
    let bobs = order_for(&db, Some(bob), 20).await;
    order_for(&db, None, 21).await; // a guest's

    let store = db.customers();
    let first = store.orders(ada, 0, 10).await.expect("page 1");
    assert_eq!(first.total, 12);
    let ids: Vec<_> = first.orders.iter().map(|o| o.id).collect();
    let newest_first: Vec<_> = adas.iter().rev().copied().collect();
    assert_eq!(ids, newest_first[..10]);
    let second = store.orders(ada, 10, 10).await.expect("page 2");
    assert_eq!(second.total, 12);
    let ids: Vec<_> = second.orders.iter().map(|o| o.id).collect();
    assert_eq!(ids, newest_first[10..]);
    assert!(
        store
            .orders(ada, 20, 10)
            .await
            .expect("page 3")
            .orders
            .is_empty()
    );

    let bob_page = store.orders(bob, 0, 10).await.expect("bob");
    assert_eq!(bob_page.total, 1);
    assert_eq!(bob_page.orders[0].id, bobs.id);
    let nobody = customer(&db, "carol@example.com").await;
    let empty = store.orders(nobody, 0, 10).await.expect("carol");
    assert_eq!((empty.total, empty.orders.len()), (0, 0));
}

pub async fn an_account_sees_the_usable_downloads_of_its_paid_orders_only(db: Database) {
    stocked(&db, 100).await;
    let ada = customer(&db, "ada@example.com").await;
    let bob = customer(&db, "bob@example.com").await;
    let paid = order_for(&db, Some(ada), 1).await;
    let unpaid = order_for(&db, Some(ada), 2).await;
    let bobs = order_for(&db, Some(bob), 3).await;
    let orders = db.orders();
    for order in [&paid, &bobs] {
        let s = settlement(order, &format!("pi_{}", order.id));
        orders.finalize(&s).await.expect("finalize");
    }
    assert!(orders.downloads(unpaid.id).await.expect("none").is_empty());

    let store = db.customers();
    let mine = store.downloads(ada, NOW).await.expect("downloads");
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].order_id, paid.id);
    assert_eq!(mine[0].downloads_remaining, Some(2));
    assert_eq!(mine[0].expires_at, Some(NOW + Duration::days(1)));

    // Used up or expired links are not listed (WooCommerce's available downloads).
    let token = mine[0].token.clone();
    assert!(
        store
            .downloads(ada, NOW + Duration::days(1))
            .await
            .expect("expired")
            .is_empty()
    );
    orders.use_download(&token, NOW).await.expect("use");
    assert_eq!(
        store.downloads(ada, NOW).await.expect("one left")[0].downloads_remaining,
        Some(1)
    );
    orders.use_download(&token, NOW).await.expect("use");
    assert!(
        store
            .downloads(ada, NOW)
            .await
            .expect("none left")
            .is_empty()
    );

    let theirs = store.downloads(bob, NOW).await.expect("bob");
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0].order_id, bobs.id);
}
