//! The order store (ADR 0014): placing with idempotency keys and resumable carts, stock taken
//! by conditional updates, finalize once, cancel and give back, attempts, webhook events,
//! download grants and the mail outbox.

use std::sync::Arc;

use time::macros::datetime;
use time::{Duration, OffsetDateTime};
use vitrine_domain::address::Address;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::catalogue::fixtures::simple_product;
use vitrine_domain::mail::OutgoingMail;
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::order::*;
use vitrine_domain::payment::IntentStatus;
use vitrine_domain::ports::CatalogueStore;
use vitrine_store::Database;

use super::import_all;

pub(super) const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

pub(super) fn usd(minor: i64) -> Money {
    Money::new(minor, Currency::USD)
}

pub(super) fn address() -> Address {
    Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        company: String::new(),
        country: "US".into(),
        address_1: "1 Way".into(),
        address_2: String::new(),
        city: "LA".into(),
        state: "CA".into(),
        postcode: "90001".into(),
        phone: "555".into(),
        email: "ada@example.com".into(),
    }
}

/// An order for `quantity` of product 1 at 10.00, from `session`'s cart `hash`.
pub(super) fn new_order(session: &str, hash: &str, quantity: u32) -> NewOrder {
    let total = usd(1000 * i64::from(quantity));
    NewOrder {
        key: OrderKey::from_random(rand_bytes()),
        currency: Currency::USD,
        exchange_rate: "1".into(),
        lines: vec![OrderLine {
            product_id: ProductId(1),
            variation_id: None,
            name: "Product".into(),
            quantity,
            unit_price: usd(1000),
            subtotal: total,
            total,
            tax: usd(0),
        }],
        discounts: Vec::new(),
        shipping: None,
        taxes: Vec::new(),
        totals: OrderTotals {
            subtotal: total,
            discount_total: usd(0),
            shipping_total: usd(0),
            tax_total: usd(0),
            total,
        },
        prices_include_tax: false,
        billing: address(),
        shipping_address: None,
        customer_note: String::new(),
        customer_id: None,
        session: session.into(),
        cart_hash: hash.into(),
        attribution: Attribution::default(),
        tracking: None,
        created_at: NOW,
    }
}

fn rand_bytes() -> [u8; 16] {
    let id = uuid::Uuid::new_v4();
    *id.as_bytes()
}

pub(super) fn take(item: i64, quantity: i64) -> Vec<StockChange> {
    vec![StockChange {
        item_id: item,
        quantity,
        allow_backorder: false,
    }]
}

/// A product with `stock` managed units, imported so the `stock` table has it.
pub(super) async fn stocked(db: &Database, stock: i64) {
    let mut product = simple_product(1, "Product", 1000);
    product.inventory.stock_quantity = Some(stock);
    import_all(&db.catalogue(Currency::USD), &[product]).await;
}

pub(super) fn created(outcome: PlaceOutcome) -> Order {
    match outcome {
        PlaceOutcome::Created(order) => order,
        other => panic!("expected a new order, got {other:?}"),
    }
}

pub(super) fn settlement(order: &Order, intent: &str) -> Settlement {
    Settlement {
        order_id: order.id,
        intent_id: intent.into(),
        amount: order.total(),
        transaction_id: Some("ch_1".into()),
        payment_method_title: "Credit Card (Visa •••• 4242)".into(),
        paid_at: NOW,
        status: OrderStatus::Processing,
        stock: take(1, i64::from(order.order.lines[0].quantity)),
        downloads: vec![DownloadGrant {
            token: format!("{}{}", "a".repeat(60), order.id.0 % 10_000),
            order_id: order.id,
            product_id: ProductId(1),
            product_name: "Product".into(),
            name: "File".into(),
            file: "file.zip".into(),
            downloads_remaining: Some(2),
            expires_at: Some(NOW + Duration::days(1)),
        }],
        mail: OutgoingMail {
            to: "ada@example.com".into(),
            subject: "Your order".into(),
            text: "Thanks".into(),
            html: None,
        },
        attempt: None,
    }
}

pub async fn an_order_is_placed_read_back_and_its_stock_taken(db: Database) {
    stocked(&db, 5).await;
    assert_eq!(
        db.catalogue(Currency::USD)
            .product_by_id(ProductId(1))
            .await
            .expect("read")
            .and_then(|p| p.inventory.stock_quantity),
        Some(5)
    );
    let store = db.orders();
    let new = new_order("s1", "h1", 2);
    let order = created(
        store
            .place_order(&new, &take(1, 2), None)
            .await
            .expect("place"),
    );
    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(order.order, new);
    assert!(order.stock_reduced && order.paid_at.is_none());
    assert_eq!(
        store.order(order.id).await.expect("read"),
        Some(order.clone())
    );
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(3));
    // Product reads show the stock the orders left.
    let product = db
        .catalogue(Currency::USD)
        .product_by_id(ProductId(1))
        .await
        .expect("read")
        .expect("product");
    assert_eq!(product.inventory.stock_quantity, Some(3));
    assert_eq!(
        store.order(OrderId(order.id.0 + 1)).await.expect("read"),
        None
    );
}

pub async fn a_short_item_refuses_the_whole_order_and_backorders_go_below_zero(db: Database) {
    stocked(&db, 1).await;
    let store = db.orders();
    let outcome = store
        .place_order(&new_order("s1", "h1", 2), &take(1, 2), Some("k"))
        .await
        .expect("place");
    assert_eq!(
        outcome,
        PlaceOutcome::OutOfStock {
            item_id: 1,
            available: 1
        }
    );
    assert_eq!(
        store.checkout_request("k").await.expect("read"),
        None,
        "nothing stored"
    );
    let backorder = vec![StockChange {
        item_id: 1,
        quantity: 3,
        allow_backorder: true,
    }];
    created(
        store
            .place_order(&new_order("s2", "h2", 3), &backorder, None)
            .await
            .expect("place"),
    );
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(-2));
}

/// The key is recorded last in the place transaction (ADR 0033): a key used before, sent
/// with another cart, places nothing — the other cart's order, lines and stock are rolled
/// back — and answers what the key did, whether that cart is in stock or not.
pub async fn a_used_key_with_another_cart_writes_nothing(db: Database) {
    stocked(&db, 3).await;
    let store = db.orders();
    let first = created(
        store
            .place_order(&new_order("s1", "h1", 1), &take(1, 1), Some("k"))
            .await
            .expect("place"),
    );
    for (quantity, hash) in [(2, "h2"), (5, "h3")] {
        let again = store
            .place_order(
                &new_order("s2", hash, quantity),
                &take(1, quantity.into()),
                Some("k"),
            )
            .await
            .expect("place");
        let PlaceOutcome::KeyUsed(request) = again else {
            panic!("{again:?}")
        };
        assert_eq!(
            (request.order_id, request.cart_hash.as_str()),
            (first.id, "h1")
        );
    }
    assert_eq!(
        store.stock_level(1).await.expect("stock"),
        Some(2),
        "one order's stock"
    );
    assert_eq!(
        store.order(OrderId(first.id.0 + 1)).await.expect("read"),
        None,
        "no second order"
    );
}

pub async fn a_key_replays_and_a_cart_resumes_its_unpaid_order(db: Database) {
    let store = db.orders();
    let first = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], Some("k1"))
            .await
            .expect("place"),
    );
    let again = store
        .place_order(&new_order("s1", "h1", 1), &[], Some("k1"))
        .await
        .expect("place");
    let PlaceOutcome::KeyUsed(request) = again else {
        panic!("{again:?}")
    };
    assert_eq!(
        (
            request.order_id,
            request.cart_hash.as_str(),
            request.response
        ),
        (first.id, "h1", None)
    );
    store
        .save_checkout_response("k1", "{\"a\":1}")
        .await
        .expect("save");
    store
        .save_checkout_response("k1", "{\"b\":2}")
        .await
        .expect("save");
    assert_eq!(
        store
            .checkout_request("k1")
            .await
            .expect("read")
            .and_then(|r| r.response)
            .as_deref(),
        Some("{\"a\":1}")
    );
    // Another key, same cart: the unpaid order is resumed, and the key points at it.
    let resumed = store
        .place_order(&new_order("s1", "h1", 1), &[], Some("k2"))
        .await
        .expect("place");
    assert_eq!(resumed, PlaceOutcome::Resumed(first.clone()));
    assert_eq!(
        store
            .checkout_request("k2")
            .await
            .expect("read")
            .map(|r| r.order_id),
        Some(first.id)
    );
    // Another cart of the same session is another order.
    created(
        store
            .place_order(&new_order("s1", "h2", 1), &[], None)
            .await
            .expect("place"),
    );
}

pub async fn concurrent_placements_of_one_key_make_one_order(db: Database) {
    let store = Arc::new(db.orders());
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let store = Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            store
                .place_order(&new_order("s1", "h1", 1), &[], Some("same"))
                .await
                .expect("place")
        }));
    }
    let mut created_count = 0;
    for task in tasks {
        if matches!(task.await.expect("task"), PlaceOutcome::Created(_)) {
            created_count += 1;
        }
    }
    assert_eq!(created_count, 1);
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders")
        .fetch_one(db.pool())
        .await
        .expect("count");
    assert_eq!(n, 1);
}

pub async fn fifty_concurrent_orders_for_five_units_place_exactly_five(db: Database) {
    stocked(&db, 5).await;
    let store = Arc::new(db.orders());
    let mut tasks = Vec::new();
    for n in 0..50 {
        let store = Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            let order = new_order(&format!("s{n}"), "h", 1);
            store
                .place_order(&order, &take(1, 1), None)
                .await
                .expect("place")
        }));
    }
    let mut placed = 0;
    for task in tasks {
        match task.await.expect("task") {
            PlaceOutcome::Created(_) => placed += 1,
            PlaceOutcome::OutOfStock { available: 0, .. } => {}
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(placed, 5);
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(0));
}

pub async fn two_concurrent_finalizes_mark_paid_once(db: Database) {
    let store = Arc::new(db.orders());
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    let mut tasks = Vec::new();
    for _ in 0..2 {
        let store = Arc::clone(&store);
        let settle = settlement(&order, "pi_1");
        tasks.push(tokio::spawn(async move {
            store.finalize(&settle).await.expect("finalize")
        }));
    }
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(task.await.expect("task"));
    }
    outcomes.sort_by_key(|o| format!("{o:?}"));
    assert_eq!(
        outcomes,
        [FinalizeOutcome::AlreadyPaid, FinalizeOutcome::Paid]
    );
    let paid = store.order(order.id).await.expect("read").expect("order");
    assert_eq!(
        (paid.status, paid.paid_at, paid.transaction_id.as_deref()),
        (OrderStatus::Processing, Some(NOW), Some("ch_1"))
    );
    assert_eq!(paid.payment_method_title, "Credit Card (Visa •••• 4242)");
    assert_eq!(store.pending_mail(10).await.expect("mail").len(), 1);
    assert_eq!(store.downloads(order.id).await.expect("grants").len(), 1);
    // Paid: no longer resumable, not cancellable.
    created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    assert!(!store.cancel_unpaid(order.id).await.expect("cancel"));
}

pub async fn a_payment_for_another_amount_does_not_mark_paid(db: Database) {
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    let mut wrong = settlement(&order, "pi_1");
    wrong.amount = usd(999);
    assert_eq!(
        store.finalize(&wrong).await.expect("finalize"),
        FinalizeOutcome::AmountMismatch
    );
    wrong.amount = Money::new(1000, Currency::EUR);
    assert_eq!(
        store.finalize(&wrong).await.expect("finalize"),
        FinalizeOutcome::AmountMismatch
    );
    let mut missing = settlement(&order, "pi_1");
    missing.order_id = OrderId(order.id.0 + 100);
    assert_eq!(
        store.finalize(&missing).await.expect("finalize"),
        FinalizeOutcome::NotFound
    );
    assert_eq!(store.pending_mail(10).await.expect("mail"), []);
}

pub async fn a_cancel_gives_the_stock_back_once_and_a_late_payment_takes_it_again(db: Database) {
    stocked(&db, 3).await;
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 2), &take(1, 2), None)
            .await
            .expect("place"),
    );
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(1));
    assert!(store.cancel_unpaid(order.id).await.expect("cancel"));
    assert!(!store.cancel_unpaid(order.id).await.expect("cancel"));
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(3));
    let cancelled = store.order(order.id).await.expect("read").expect("order");
    assert_eq!(
        (cancelled.status, cancelled.stock_reduced),
        (OrderStatus::Cancelled, false)
    );
    assert_eq!(
        store
            .finalize(&settlement(&order, "pi_1"))
            .await
            .expect("finalize"),
        FinalizeOutcome::Paid
    );
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(1));
}

pub async fn attempts_are_kept_by_intent_and_stale_ones_found(db: Database) {
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    let attempt = PaymentAttempt {
        order_id: order.id,
        number: 1,
        intent_id: "pi_1".into(),
        status: IntentStatus::RequiresConfirmation,
        amount: usd(1000),
        client_secret: "pi_1_secret".into(),
        last_error: None,
        created_at: NOW,
        updated_at: NOW,
    };
    store.save_attempt(&attempt).await.expect("save");
    let declined = PaymentAttempt {
        status: IntentStatus::RequiresPaymentMethod,
        last_error: Some("Your card was declined.".into()),
        updated_at: NOW + Duration::minutes(1),
        ..attempt.clone()
    };
    store.save_attempt(&declined).await.expect("update");
    assert_eq!(
        store.attempts(order.id).await.expect("read"),
        std::slice::from_ref(&declined)
    );
    assert_eq!(
        store.attempt_by_intent("pi_1").await.expect("read"),
        Some(declined.clone())
    );
    assert_eq!(
        store
            .attempt_by_intent_with_paid("pi_1")
            .await
            .expect("read"),
        Some((declined.clone(), false)),
        "its order is not paid"
    );
    assert_eq!(
        store
            .attempt_by_intent_with_paid("pi_9")
            .await
            .expect("read"),
        None
    );
    let second = PaymentAttempt {
        number: 2,
        intent_id: "pi_2".into(),
        ..attempt.clone()
    };
    store.save_attempt(&second).await.expect("save");
    let stale = store
        .stale_attempts(NOW + Duration::minutes(5), 10)
        .await
        .expect("stale");
    assert_eq!(
        stale,
        std::slice::from_ref(&second),
        "only the latest attempt of an order"
    );
    assert_eq!(store.stale_attempts(NOW, 10).await.expect("stale"), []);
    assert!(
        store
            .set_unpaid_status(order.id, &[OrderStatus::Pending], OrderStatus::OnHold)
            .await
            .expect("status")
    );
    assert!(
        !store
            .set_unpaid_status(order.id, &[OrderStatus::Pending], OrderStatus::OnHold)
            .await
            .expect("status")
    );
    assert_eq!(
        store
            .unpaid_orders(NOW + Duration::minutes(1), 10)
            .await
            .expect("unpaid"),
        [],
        "on hold is not cancelled"
    );
}

pub async fn webhook_events_are_recorded_once(db: Database) {
    let store = db.orders();
    assert!(
        store
            .record_webhook_event("evt_1", "payment_intent.succeeded", NOW)
            .await
            .expect("record")
    );
    assert!(
        !store
            .record_webhook_event("evt_1", "payment_intent.succeeded", NOW)
            .await
            .expect("record")
    );
    assert!(
        store
            .record_webhook_event("evt_2", "payment_intent.succeeded", NOW)
            .await
            .expect("record")
    );
}

pub async fn a_download_counts_down_and_stops_at_its_limit_and_expiry(db: Database) {
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    let settle = settlement(&order, "pi_1");
    store.finalize(&settle).await.expect("finalize");
    let token = settle.downloads[0].token.clone();
    let first = store
        .use_download(&token, NOW)
        .await
        .expect("use")
        .expect("allowed");
    assert_eq!(first.downloads_remaining, Some(2));
    assert_eq!(
        store
            .download(&token)
            .await
            .expect("read")
            .and_then(|g| g.downloads_remaining),
        Some(1)
    );
    let late = NOW + Duration::days(1);
    assert_eq!(
        store.use_download(&token, late).await.expect("use"),
        None,
        "expired"
    );
    assert!(
        store
            .use_download(&token, NOW)
            .await
            .expect("use")
            .is_some()
    );
    assert_eq!(
        store.use_download(&token, NOW).await.expect("use"),
        None,
        "limit reached"
    );
    assert_eq!(store.use_download("nope", NOW).await.expect("use"), None);
}

pub async fn a_queued_mail_is_claimed_by_one_worker_then_sent(db: Database) {
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    store
        .finalize(&settlement(&order, "pi_1"))
        .await
        .expect("finalize");
    let queued = store.pending_mail(10).await.expect("mail");
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].mail.subject, "Your order");
    let id = queued[0].id;
    let until = NOW + Duration::minutes(2);
    assert!(store.claim_mail(id, NOW, until).await.expect("claim"));
    assert!(
        !store.claim_mail(id, NOW, until).await.expect("claim"),
        "held by the first"
    );
    assert!(
        store
            .claim_mail(id, until, until + Duration::minutes(2))
            .await
            .expect("claim"),
        "the lease ran out"
    );
    let later = until + Duration::minutes(2);
    assert_eq!(
        store
            .claim_pending_mail(10, until, later)
            .await
            .expect("claim"),
        [],
        "held: a pass claims nothing"
    );
    let claimed = store
        .claim_pending_mail(10, later, later + Duration::minutes(2))
        .await
        .expect("claim");
    assert_eq!(claimed, queued, "a pass claims it once the lease ran out");
    assert_eq!(
        store
            .claim_pending_mail(10, later, later + Duration::minutes(2))
            .await
            .expect("claim"),
        [],
        "claimed once"
    );
    store.mail_sent(id, NOW).await.expect("sent");
    assert_eq!(store.pending_mail(10).await.expect("mail"), []);
    assert_eq!(
        store
            .claim_pending_mail(10, later + Duration::hours(1), later + Duration::hours(2))
            .await
            .expect("claim"),
        []
    );
    // The order is paid: its attempt says so in the same read.
    let paid = PaymentAttempt {
        order_id: order.id,
        number: 1,
        intent_id: "pi_mail".into(),
        status: IntentStatus::Succeeded,
        amount: usd(1000),
        client_secret: "pi_mail_secret".into(),
        last_error: None,
        created_at: NOW,
        updated_at: NOW,
    };
    store.save_attempt(&paid).await.expect("save");
    assert_eq!(
        store
            .attempt_by_intent_with_paid("pi_mail")
            .await
            .expect("read"),
        Some((paid, true))
    );
    assert!(
        !store
            .claim_mail(id, until + Duration::hours(1), until + Duration::hours(2))
            .await
            .expect("claim")
    );
}

/// Popularity (issue 13): a paid order adds its quantities to the product's total sales, once
/// however often it is finalized, and re-numbers the product for the search indexes.
pub async fn a_paid_order_counts_its_units_in_the_products_sales_once(db: Database) {
    stocked(&db, 10).await;
    let catalogue = db.catalogue(Currency::USD);
    import_all(&catalogue, &[simple_product(2, "Other", 500)]).await;
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 3), &[], None)
            .await
            .expect("place"),
    );
    let sales = |stats: std::collections::HashMap<
        ProductId,
        vitrine_domain::catalogue::ProductStats,
    >| { stats.get(&ProductId(1)).map_or(0, |s| s.total_sales) };
    let catalogue: &dyn CatalogueStore = &catalogue;
    assert_eq!(
        sales(
            catalogue
                .product_stats(&[ProductId(1)])
                .await
                .expect("stats")
        ),
        0,
        "placed, not paid"
    );
    let before = catalogue.catalogue_version().await.expect("version");
    for _ in 0..2 {
        store
            .finalize(&settlement(&order, "pi_1"))
            .await
            .expect("finalize");
    }
    assert_eq!(
        sales(
            catalogue
                .product_stats(&[ProductId(1)])
                .await
                .expect("stats")
        ),
        3
    );
    let changed = catalogue
        .products_changed_since(before, ProductId(0), 10)
        .await
        .expect("changed");
    assert_eq!(changed.iter().map(|p| p.id.0).collect::<Vec<_>>(), [1]);
    let query = vitrine_domain::catalogue::ListingQuery {
        filter: vitrine_domain::catalogue::ListingFilter::Shop,
        layered: Default::default(),
        sort: vitrine_domain::catalogue::ListingSort::Popularity,
        page: vitrine_domain::catalogue::PageRequest {
            page: 1,
            per_page: 10,
        },
    };
    let listed = catalogue.list_products(&query, NOW).await.expect("list");
    let order: Vec<i64> = listed.items.iter().map(|p| p.id.0).collect();
    assert_eq!(order, [1, 2], "most sold first, though the older id");
}
