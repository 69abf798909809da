//! Carts: create, load and save by session; compare-and-swap on version; concurrent writers.

use std::sync::Arc;

use vitrine_domain::cart::{Cart, CartItemKey, CartLine, SessionId};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::ports::{CartSave, CartStore, StoreError, StoredCart};
use vitrine_store::Database;

fn line(product: i64, quantity: u32) -> CartLine {
    CartLine {
        key: CartItemKey::compute(ProductId(product), None, &[]),
        product_id: ProductId(product),
        variation_id: None,
        attributes: vec![("color".into(), "Blue".into())],
        quantity,
    }
}

fn cart_of(lines: &[(i64, u32)]) -> Cart {
    Cart {
        lines: lines.iter().map(|(p, q)| line(*p, *q)).collect(),
        ..Cart::default()
    }
}

async fn load(store: &dyn CartStore, session: &SessionId) -> Option<StoredCart> {
    store.load_cart(session).await.expect("load cart")
}

async fn save(store: &dyn CartStore, session: &SessionId, cart: &Cart, version: i64) -> CartSave {
    store
        .save_cart(session, cart, version)
        .await
        .expect("save cart")
}

pub async fn a_cart_is_created_on_first_save_then_loaded_and_saved(db: Database) {
    let store = db.carts();
    let session = store.create_session();
    assert!(load(&store, &session).await.is_none(), "nothing stored yet");
    let first = cart_of(&[(48, 1)]);
    assert_eq!(
        save(&store, &session, &first, 0).await,
        CartSave::Saved { version: 1 }
    );
    let stored = load(&store, &session).await.expect("stored");
    assert_eq!(
        stored,
        StoredCart {
            cart: first,
            version: 1
        }
    );
    let second = cart_of(&[(48, 3), (46, 1)]);
    assert_eq!(
        save(&store, &session, &second, 1).await,
        CartSave::Saved { version: 2 }
    );
    let stored = load(&store, &session).await.expect("stored");
    assert_eq!(
        stored.cart, second,
        "lines, attributes and quantities survive"
    );
    assert_eq!(stored.version, 2);
}

pub async fn a_stale_version_is_a_conflict_and_writes_nothing(db: Database) {
    let store = db.carts();
    let session = store.create_session();
    save(&store, &session, &cart_of(&[(48, 1)]), 0).await;
    save(&store, &session, &cart_of(&[(48, 2)]), 1).await;
    let stale = cart_of(&[(47, 9)]);
    assert_eq!(save(&store, &session, &stale, 1).await, CartSave::Conflict);
    assert_eq!(
        save(&store, &session, &stale, 0).await,
        CartSave::Conflict,
        "a second first save loses too"
    );
    assert_eq!(save(&store, &session, &stale, 7).await, CartSave::Conflict);
    let stored = load(&store, &session).await.expect("stored");
    assert_eq!((stored.cart, stored.version), (cart_of(&[(48, 2)]), 2));
    let unknown = store.create_session();
    assert_eq!(
        save(&store, &unknown, &stale, 3).await,
        CartSave::Conflict,
        "no row to update"
    );
    assert!(load(&store, &unknown).await.is_none());
}

pub async fn sessions_are_random_and_their_carts_separate(db: Database) {
    let store = db.carts();
    let (a, b) = (store.create_session(), store.create_session());
    assert_ne!(a, b);
    assert!(SessionId::parse(a.as_str()).is_some(), "32 lowercase hex");
    save(&store, &a, &cart_of(&[(48, 1)]), 0).await;
    save(&store, &b, &cart_of(&[(47, 2)]), 0).await;
    assert_eq!(load(&store, &a).await.expect("a").cart, cart_of(&[(48, 1)]));
    assert_eq!(load(&store, &b).await.expect("b").cart, cart_of(&[(47, 2)]));
}

/// Writer `product` adds one unit of its own line `rounds` times, reloading and retrying on
/// every conflict, as the HTTP layer does.
async fn add_repeatedly(store: Arc<dyn CartStore>, session: SessionId, product: i64, rounds: u32) {
    for _ in 0..rounds {
        let mut attempts = 0;
        loop {
            attempts += 1;
            assert!(attempts < 10_000, "a writer never got through");
            let stored = store.load_cart(&session).await.expect("load");
            let (mut cart, version) = stored.map_or((Cart::default(), 0), |s| (s.cart, s.version));
            cart.apply(vec![line(product, 1)]).expect("one unit fits");
            match store
                .save_cart(&session, &cart, version)
                .await
                .expect("save")
            {
                CartSave::Saved { .. } => break,
                CartSave::Conflict => tokio::task::yield_now().await,
            }
        }
    }
}

pub async fn concurrent_writers_with_retry_lose_no_line(db: Database) {
    let store: Arc<dyn CartStore> = Arc::new(db.carts());
    let session = store.create_session();
    let writers: Vec<_> = (1..=4)
        .map(|product| {
            tokio::spawn(add_repeatedly(
                Arc::clone(&store),
                session.clone(),
                product,
                25,
            ))
        })
        .collect();
    for writer in writers {
        writer.await.expect("writer finished");
    }
    let stored = load(store.as_ref(), &session).await.expect("stored");
    let mut quantities: Vec<_> = stored
        .cart
        .lines
        .iter()
        .map(|l| (l.product_id.0, l.quantity))
        .collect();
    quantities.sort_unstable();
    assert_eq!(quantities, [(1, 25), (2, 25), (3, 25), (4, 25)]);
    assert_eq!(stored.version, 100, "one version per successful save");
}

/// Saves of many carts at the same moment (written together on SQLite) each keep their own
/// compare-and-swap: fresh carts are created, current versions win, a stale one loses.
pub async fn many_carts_saved_at_once_each_keep_their_compare_and_swap(db: Database) {
    let store: Arc<dyn CartStore> = Arc::new(db.carts());
    let sessions: Vec<SessionId> = (0..40).map(|_| store.create_session()).collect();
    let save_all = |version: i64, stale: Option<usize>| {
        let saves = sessions.iter().enumerate().map(|(i, session)| {
            let (store, session) = (Arc::clone(&store), session.clone());
            let expected = if Some(i) == stale {
                version - 1
            } else {
                version
            };
            let cart = cart_of(&[(i as i64 + 1, version as u32 + 1)]);
            tokio::spawn(async move { store.save_cart(&session, &cart, expected).await })
        });
        saves.collect::<Vec<_>>()
    };
    for (version, stale) in [(0, None), (1, Some(7))] {
        for (i, save) in save_all(version, stale).into_iter().enumerate() {
            let outcome = save.await.expect("joined").expect("saved");
            let wanted = if Some(i) == stale {
                CartSave::Conflict
            } else {
                CartSave::Saved {
                    version: version + 1,
                }
            };
            assert_eq!(outcome, wanted, "cart {i} at version {version}");
        }
    }
    let stored = load(store.as_ref(), &sessions[3]).await.expect("stored");
    assert_eq!((stored.cart, stored.version), (cart_of(&[(4, 2)]), 2));
    let stale = load(store.as_ref(), &sessions[7]).await.expect("stored");
    assert_eq!((stale.cart, stale.version), (cart_of(&[(8, 1)]), 1));
}

pub async fn a_corrupt_cart_is_an_error_not_a_panic(db: Database) {
    let store = db.carts();
    let session = store.create_session();
    save(&store, &session, &cart_of(&[(48, 1)]), 0).await;
    sqlx::query("UPDATE carts SET doc = $1 WHERE session_id = $2")
        .bind("{\"lines\": [")
        .bind(session.as_str())
        .execute(db.pool())
        .await
        .expect("overwrite");
    let err = store.load_cart(&session).await.expect_err("corrupt");
    assert!(matches!(err, StoreError::Corrupt(_)), "got {err:?}");
    assert!(
        !err.to_string().contains(session.as_str()),
        "the session id never reaches an error message"
    );
}
