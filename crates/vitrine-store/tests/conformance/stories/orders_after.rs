//! After placing (issue 18): an unpaid order repriced in place when its shopper resubmits the
//! same cart with another destination, and a paid order moved by refunds and disputes with
//! one note per event.

use vitrine_domain::order::*;

use super::orders::{NOW, created, new_order, settlement, stocked, usd};
use vitrine_store::Database;

pub async fn a_resumed_unpaid_order_is_repriced_in_place_until_it_is_paid(db: Database) {
    stocked(&db, 5).await;
    let store = db.orders();
    let take = [StockChange {
        item_id: 1,
        quantity: 2,
        allow_backorder: false,
    }];
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 2), &take, None)
            .await
            .expect("place"),
    );
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(3));
    // The same cart shipped elsewhere: 5.00 shipping on top.
    let mut shipped = order.order.clone();
    shipped.totals.shipping_total = usd(500);
    shipped.totals.total = usd(2500);
    shipped.billing.city = "San Francisco".into();
    assert!(
        store
            .reprice_unpaid(order.id, &shipped)
            .await
            .expect("reprice")
    );
    let read = store.order(order.id).await.expect("read").expect("stored");
    assert_eq!(read.total(), usd(2500));
    assert_eq!(read.order.billing.city, "San Francisco");
    assert_eq!(read.key(), order.key(), "the key stays");
    assert_eq!(read.status, OrderStatus::Pending);
    // The held stock is the cart's and stays held once.
    assert_eq!(store.stock_level(1).await.expect("stock"), Some(3));
    // Resuming the cart finds the repriced order.
    match store
        .place_order(&new_order("s1", "h1", 2), &take, None)
        .await
        .expect("resume")
    {
        PlaceOutcome::Resumed(again) => assert_eq!(again.total(), usd(2500)),
        other => panic!("expected the order resumed, got {other:?}"),
    }
    // A payment of the old amount does not mark it paid; the new amount does.
    let old = settlement(&order, "pi_1");
    assert_eq!(
        store.finalize(&old).await.expect("finalize"),
        FinalizeOutcome::AmountMismatch
    );
    let mut paid = settlement(&read, "pi_1");
    paid.stock = Vec::new();
    assert_eq!(
        store.finalize(&paid).await.expect("finalize"),
        FinalizeOutcome::Paid
    );
    // Paid: never repriced again.
    assert!(
        !store
            .reprice_unpaid(order.id, &order.order)
            .await
            .expect("reprice")
    );
    let read = store.order(order.id).await.expect("read").expect("stored");
    assert_eq!(read.total(), usd(2500));
}

fn note(source: &str, text: &str) -> OrderNote {
    OrderNote {
        source: source.into(),
        text: text.into(),
        created_at: NOW,
    }
}

pub async fn a_paid_order_moves_with_one_note_per_event_and_never_backwards(db: Database) {
    let store = db.orders();
    let order = created(
        store
            .place_order(&new_order("s1", "h1", 1), &[], None)
            .await
            .expect("place"),
    );
    let paid_from = [OrderStatus::Processing, OrderStatus::Completed];
    // Unpaid: the note is kept, the status does not move.
    assert!(
        !store
            .set_paid_status(
                order.id,
                &paid_from,
                OrderStatus::OnHold,
                &note("evt_0", "early")
            )
            .await
            .expect("status")
    );
    let mut s = settlement(&order, "pi_1");
    s.stock = Vec::new();
    store.finalize(&s).await.expect("finalize");
    let disputed = note("evt_1", "Payment disputed (fraudulent).");
    assert!(
        store
            .set_paid_status(order.id, &paid_from, OrderStatus::OnHold, &disputed)
            .await
            .expect("status")
    );
    // The same event again: nothing.
    assert!(
        !store
            .set_paid_status(
                order.id,
                &[OrderStatus::OnHold],
                OrderStatus::Refunded,
                &disputed
            )
            .await
            .expect("status")
    );
    let read = store.order(order.id).await.expect("read").expect("stored");
    assert_eq!(read.status, OrderStatus::OnHold);
    let refund = note("evt_2", "Refunded $10.00.");
    let from = [
        OrderStatus::Processing,
        OrderStatus::OnHold,
        OrderStatus::Completed,
    ];
    assert!(
        store
            .set_paid_status(order.id, &from, OrderStatus::Refunded, &refund)
            .await
            .expect("status")
    );
    // A late dispute cannot take a refunded order back to on-hold; its note is kept.
    assert!(
        !store
            .set_paid_status(
                order.id,
                &paid_from,
                OrderStatus::OnHold,
                &note("evt_3", "late")
            )
            .await
            .expect("status")
    );
    let read = store.order(order.id).await.expect("read").expect("stored");
    assert_eq!(read.status, OrderStatus::Refunded);
    assert!(read.is_paid());
    let notes: Vec<String> = store
        .notes(order.id)
        .await
        .expect("notes")
        .into_iter()
        .map(|n| n.text)
        .collect();
    assert_eq!(
        notes,
        [
            "early",
            "Payment disputed (fraudulent).",
            "Refunded $10.00.",
            "late"
        ]
    );
}

/// The cart an order was placed from is emptied in the payment's own transaction (a crash
/// right after it must not leave a paid order's cart full); other carts are not touched, and
/// a second settlement of the same order changes the cart no more.
pub async fn paying_an_order_empties_its_cart_in_the_same_transaction(db: Database) {
    use vitrine_domain::cart::{Cart, CartItemKey, CartLine};
    use vitrine_domain::catalogue::ProductId;
    use vitrine_domain::ports::{CartSave, CartStore};
    stocked(&db, 5).await;
    let (carts, store) = (db.carts(), db.orders());
    let full = Cart {
        lines: vec![CartLine {
            key: CartItemKey::compute(ProductId(1), None, &[]),
            product_id: ProductId(1),
            variation_id: None,
            attributes: Vec::new(),
            quantity: 2,
        }],
        ..Cart::default()
    };
    let (mine, other) = (carts.create_session(), carts.create_session());
    for session in [&mine, &other] {
        let saved = carts.save_cart(session, &full, 0).await.expect("save");
        assert_eq!(saved, CartSave::Saved { version: 1 });
    }
    let placed = new_order(mine.as_str(), "h1", 2);
    let order = created(store.place_order(&placed, &[], None).await.expect("place"));
    assert_eq!(
        store
            .finalize(&settlement(&order, "pi_1"))
            .await
            .expect("pay"),
        FinalizeOutcome::Paid
    );
    let emptied = carts.load_cart(&mine).await.expect("load").expect("kept");
    assert_eq!((emptied.cart, emptied.version), (Cart::default(), 2));
    let untouched = carts.load_cart(&other).await.expect("load").expect("kept");
    assert_eq!((untouched.cart, untouched.version), (full.clone(), 1));
    // A writer that read the full cart before the payment loses its compare-and-swap.
    assert_eq!(
        carts.save_cart(&mine, &full, 1).await.expect("save"),
        CartSave::Conflict
    );
    assert_eq!(
        store
            .finalize(&settlement(&order, "pi_1"))
            .await
            .expect("again"),
        FinalizeOutcome::AlreadyPaid
    );
    let read = carts.load_cart(&mine).await.expect("load").expect("kept");
    assert_eq!(read.version, 2, "settled twice, emptied once");
}
