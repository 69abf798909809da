//! Saved cards: provider-customer links (first one wins), saved methods by provider id with
//! exactly one default per account that has cards, and no account touching another's.

use vitrine_domain::account::{Email, NewUser, Role, UserId};
use vitrine_domain::payment::saved::{SavedCard, SavedMethod, SavedMethodStore};
use vitrine_domain::ports::{AccountStore, StoreError};
use vitrine_store::Database;

async fn customer(db: &Database, email: &str) -> UserId {
    db.accounts()
        .create_user(&NewUser {
            email: Email::parse(email).expect("valid email"),
            display_name: "Ada".into(),
            role: Role::Customer,
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        })
        .await
        .expect("create user")
        .id
}

fn card(user: UserId, id: &str, last4: &str, at: i64) -> SavedMethod {
    SavedMethod {
        user,
        method_id: id.to_owned(),
        card: SavedCard {
            brand: "visa".into(),
            last4: last4.into(),
            exp_month: 12,
            exp_year: 2030,
        },
        is_default: false,
        created_at: at,
    }
}

async fn defaults(store: &dyn SavedMethodStore, user: UserId) -> Vec<String> {
    store
        .saved_methods(user)
        .await
        .expect("list")
        .into_iter()
        .filter(|m| m.is_default)
        .map(|m| m.method_id)
        .collect()
}

pub async fn the_first_provider_customer_linked_to_an_account_stays(db: Database) {
    let store = db.saved_methods();
    let ada = customer(&db, "ada@example.com").await;
    let bob = customer(&db, "bob@example.com").await;
    assert_eq!(store.provider_customer(ada).await.expect("read"), None);
    let linked = store
        .link_provider_customer(ada, "cus_first", 10)
        .await
        .expect("link");
    assert_eq!(linked, "cus_first");
    let again = store
        .link_provider_customer(ada, "cus_second", 11)
        .await
        .expect("link again");
    assert_eq!(again, "cus_first", "a racing second customer is not linked");
    assert_eq!(
        store.provider_customer(ada).await.expect("read").as_deref(),
        Some("cus_first")
    );
    assert_eq!(store.provider_customer(bob).await.expect("read"), None);
    let stolen = store.link_provider_customer(bob, "cus_first", 12).await;
    assert!(matches!(stolen, Err(StoreError::Conflict(_))), "{stolen:?}");
}

pub async fn saved_cards_keep_one_default_and_only_display_data(db: Database) {
    let store = db.saved_methods();
    let ada = customer(&db, "ada@example.com").await;
    let first = store
        .save_method(&card(ada, "pm_one", "4242", 10))
        .await
        .expect("save first");
    assert!(first.is_default, "an account's first card is its default");
    let second = store
        .save_method(&card(ada, "pm_two", "4444", 20))
        .await
        .expect("save second");
    assert!(!second.is_default);
    assert_eq!(defaults(&store, ada).await, ["pm_one"]);

    let chosen = SavedMethod {
        is_default: true,
        ..card(ada, "pm_three", "0005", 30)
    };
    store.save_method(&chosen).await.expect("save as default");
    assert_eq!(defaults(&store, ada).await, ["pm_three"]);

    assert!(store.set_default_method(ada, "pm_one").await.expect("set"));
    assert_eq!(defaults(&store, ada).await, ["pm_one"]);
    let listed: Vec<_> = store
        .saved_methods(ada)
        .await
        .expect("list")
        .into_iter()
        .map(|m| (m.method_id, m.card.last4))
        .collect();
    assert_eq!(
        listed,
        [
            ("pm_one".to_owned(), "4242".to_owned()),
            ("pm_two".to_owned(), "4444".to_owned()),
            ("pm_three".to_owned(), "0005".to_owned()),
        ],
        "oldest first"
    );

    // Saving the same id again refreshes its display data and adds nothing.
    let renewed = SavedMethod {
        card: SavedCard {
            exp_year: 2032,
            ..card(ada, "pm_two", "4444", 99).card
        },
        ..card(ada, "pm_two", "4444", 99)
    };
    store.save_method(&renewed).await.expect("save again");
    let two = store
        .saved_method("pm_two")
        .await
        .expect("read")
        .expect("found");
    assert_eq!((two.card.exp_year, two.created_at), (2032, 20));
    assert_eq!(store.saved_methods(ada).await.expect("list").len(), 3);

    // Deleting the default hands the flag to the newest remaining card.
    let gone = store.delete_method(ada, "pm_one").await.expect("delete");
    assert_eq!(gone.map(|m| m.method_id).as_deref(), Some("pm_one"));
    assert_eq!(defaults(&store, ada).await, ["pm_three"]);
    assert_eq!(
        store.delete_method(ada, "pm_one").await.expect("again"),
        None
    );
    store.delete_method(ada, "pm_three").await.expect("delete");
    store.delete_method(ada, "pm_two").await.expect("delete");
    assert!(store.saved_methods(ada).await.expect("list").is_empty());
}

pub async fn an_account_never_reaches_another_accounts_card(db: Database) {
    let store = db.saved_methods();
    let ada = customer(&db, "ada@example.com").await;
    let bob = customer(&db, "bob@example.com").await;
    store
        .save_method(&card(ada, "pm_ada", "4242", 10))
        .await
        .expect("save");
    store
        .save_method(&card(bob, "pm_bob", "1881", 10))
        .await
        .expect("save");

    let taken = store.save_method(&card(bob, "pm_ada", "4242", 20)).await;
    assert!(matches!(taken, Err(StoreError::Conflict(_))), "{taken:?}");
    assert_eq!(
        store.delete_method(bob, "pm_ada").await.expect("delete"),
        None
    );
    assert!(!store.set_default_method(bob, "pm_ada").await.expect("set"));
    let replaced = store
        .replace_method(bob, "pm_ada", &card(bob, "pm_new", "0000", 30))
        .await
        .expect("replace");
    assert_eq!(replaced, None);
    let ada_cards = store.saved_methods(ada).await.expect("list");
    assert_eq!(ada_cards.len(), 1);
    assert_eq!(ada_cards[0].user, ada);
    assert!(ada_cards[0].is_default);
    assert_eq!(store.saved_method("pm_new").await.expect("read"), None);
}

pub async fn a_replaced_card_keeps_its_place_as_default(db: Database) {
    let store = db.saved_methods();
    let ada = customer(&db, "ada@example.com").await;
    store
        .save_method(&card(ada, "pm_old", "4242", 10))
        .await
        .expect("save");
    store
        .save_method(&card(ada, "pm_other", "4444", 20))
        .await
        .expect("save");
    let new = store
        .replace_method(ada, "pm_old", &card(ada, "pm_new", "3220", 30))
        .await
        .expect("replace")
        .expect("replaced");
    assert!(new.is_default, "the default's replacement is the default");
    assert_eq!(new.card.last4, "3220");
    assert_eq!(store.saved_method("pm_old").await.expect("read"), None);
    assert_eq!(defaults(&store, ada).await, ["pm_new"]);
    let twice = store
        .replace_method(ada, "pm_other", &card(ada, "pm_new", "3220", 40))
        .await;
    assert!(matches!(twice, Err(StoreError::Conflict(_))), "{twice:?}");
    assert!(
        store
            .saved_method("pm_other")
            .await
            .expect("read")
            .is_some(),
        "a refused replacement loses nothing"
    );
}
