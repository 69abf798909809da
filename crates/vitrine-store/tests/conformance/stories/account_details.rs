//! Customer accounts (issue 15): account details with e-mail uniqueness, password changes that
//! end the other sessions, and password reset links that work once, expire, and are replaced
//! by a newer one.

use time::{Duration, OffsetDateTime};
use vitrine_domain::account::{AccountDetails, Email, NewUser, Role, User};
use vitrine_domain::ports::{AccountStore, StoreError};
use vitrine_store::Database;

const HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
const NEW_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3";

async fn user(store: &dyn AccountStore, email: &str) -> User {
    store
        .create_user(&NewUser {
            email: Email::parse(email).expect("valid"),
            display_name: "someone".into(),
            role: Role::Customer,
            password_hash: HASH.into(),
        })
        .await
        .expect("create")
}

fn now() -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_800_000_000).expect("time")
}

fn details(email: &str) -> AccountDetails {
    AccountDetails {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        display_name: "Countess".into(),
        email: Email::parse(email).expect("valid"),
    }
}

pub async fn account_details_are_saved_and_an_email_stays_unique(db: Database) {
    let store = db.accounts();
    let ada = user(&store, "ada@example.com").await;
    let bob = user(&store, "bob@example.com").await;
    assert_eq!(
        (ada.first_name.as_str(), ada.last_name.as_str()),
        ("", ""),
        "blank until given"
    );
    let saved = store
        .update_details(ada.id, &details("ada.l@example.com"))
        .await
        .expect("update")
        .expect("exists");
    assert_eq!(
        (
            saved.first_name.as_str(),
            saved.last_name.as_str(),
            saved.display_name.as_str(),
            saved.email.as_str()
        ),
        ("Ada", "Lovelace", "Countess", "ada.l@example.com")
    );
    let found = store
        .credentials(&Email::parse("ada.l@example.com").expect("valid"))
        .await
        .expect("read")
        .expect("found");
    assert_eq!(found.user, saved);
    let taken = store
        .update_details(bob.id, &details("ada.l@example.com"))
        .await;
    assert!(matches!(taken, Err(StoreError::Conflict(_))), "{taken:?}");
    let bob_now = store
        .credentials(&Email::parse("bob@example.com").expect("valid"))
        .await
        .expect("read")
        .expect("bob unchanged");
    assert_eq!(bob_now.user.first_name, "");
    assert_eq!(
        store
            .update_details(
                vitrine_domain::account::UserId(9_999),
                &details("x@example.com")
            )
            .await
            .expect("update"),
        None
    );
}

pub async fn a_new_password_ends_every_other_session_and_pending_reset(db: Database) {
    let store = db.accounts();
    let ada = user(&store, "ada@example.com").await;
    let (mine, other) = ([1u8; 32], [2u8; 32]);
    for token in [&mine, &other] {
        store
            .create_session(token, ada.id, now() + Duration::days(2))
            .await
            .expect("session");
    }
    store
        .save_password_reset(&[9u8; 32], ada.id, now() + Duration::hours(24))
        .await
        .expect("reset");
    assert_eq!(
        store.password_hash(ada.id).await.expect("read").as_deref(),
        Some(HASH)
    );
    store
        .set_password(ada.id, NEW_HASH, Some(&mine))
        .await
        .expect("set");
    assert_eq!(
        store.password_hash(ada.id).await.expect("read").as_deref(),
        Some(NEW_HASH)
    );
    assert!(
        store
            .session_user(&mine, now())
            .await
            .expect("read")
            .is_some(),
        "kept"
    );
    assert_eq!(
        store.session_user(&other, now()).await.expect("read"),
        None,
        "ended"
    );
    assert_eq!(
        store.password_reset(&[9u8; 32]).await.expect("read"),
        None,
        "reset link gone"
    );
    store.set_password(ada.id, HASH, None).await.expect("set");
    assert_eq!(
        store.session_user(&mine, now()).await.expect("read"),
        None,
        "none kept"
    );
    assert_eq!(
        store
            .password_hash(vitrine_domain::account::UserId(9_999))
            .await
            .expect("read"),
        None
    );
}

pub async fn a_reset_link_works_once_until_it_expires_and_a_new_one_replaces_it(db: Database) {
    let store = db.accounts();
    let ada = user(&store, "ada@example.com").await;
    let bob = user(&store, "bob@example.com").await;
    let expires = now() + Duration::hours(24);
    let (first, second, bobs) = ([1u8; 32], [2u8; 32], [3u8; 32]);
    store
        .save_password_reset(&first, ada.id, expires)
        .await
        .expect("save");
    store
        .save_password_reset(&bobs, bob.id, expires)
        .await
        .expect("save");
    let (found, until) = store
        .password_reset(&first)
        .await
        .expect("read")
        .expect("found");
    assert_eq!((found.id, until), (ada.id, expires));
    // A newer request replaces the link: the first no longer works.
    store
        .save_password_reset(&second, ada.id, expires)
        .await
        .expect("replace");
    assert_eq!(store.password_reset(&first).await.expect("read"), None);
    assert_eq!(
        store
            .use_password_reset(&first, NEW_HASH, now())
            .await
            .expect("use"),
        None
    );

    store
        .create_session(&[7u8; 32], ada.id, now() + Duration::days(2))
        .await
        .expect("session");
    // Expired (at its second): refused and kept as it was.
    assert_eq!(
        store
            .use_password_reset(&second, NEW_HASH, expires)
            .await
            .expect("use"),
        None
    );
    let used = store
        .use_password_reset(&second, NEW_HASH, expires - Duration::seconds(1))
        .await
        .expect("use")
        .expect("live");
    assert_eq!(used.id, ada.id);
    assert_eq!(
        store.password_hash(ada.id).await.expect("read").as_deref(),
        Some(NEW_HASH)
    );
    assert_eq!(
        store.session_user(&[7u8; 32], now()).await.expect("read"),
        None,
        "sessions ended"
    );
    assert_eq!(
        store
            .use_password_reset(&second, HASH, now())
            .await
            .expect("use"),
        None,
        "once"
    );
    assert_eq!(
        store.password_hash(ada.id).await.expect("read").as_deref(),
        Some(NEW_HASH)
    );
    assert!(
        store.password_reset(&bobs).await.expect("read").is_some(),
        "another user's link untouched"
    );
}

pub async fn two_uses_of_one_reset_link_at_once_let_one_through(db: Database) {
    let store = db.accounts();
    let ada = user(&store, "ada@example.com").await;
    store
        .save_password_reset(&[5u8; 32], ada.id, now() + Duration::hours(1))
        .await
        .expect("save");
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let store = store.clone();
        tasks.spawn(async move {
            store
                .use_password_reset(&[5u8; 32], NEW_HASH, now())
                .await
                .expect("use")
        });
    }
    let mut through = 0;
    while let Some(result) = tasks.join_next().await {
        through += usize::from(result.expect("task").is_some());
    }
    assert_eq!(through, 1);
}
