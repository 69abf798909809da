//! Accounts and content blocks: users by email, sessions by token hash with expiry, user meta,
//! and saved block edits.

use time::{Duration, OffsetDateTime};
use vitrine_domain::account::{Email, NewUser, Role};
use vitrine_domain::content::ContentBlock;
use vitrine_domain::ports::{AccountStore, ContentStore, StoreError};
use vitrine_store::Database;

fn new_user(email: &str, role: Role) -> NewUser {
    NewUser {
        email: Email::parse(email).expect("valid email"),
        display_name: "Ada".into(),
        role,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
    }
}

pub async fn users_are_unique_by_email_and_found_with_their_hash(db: Database) {
    let store = db.accounts();
    let ada = store
        .create_user(&new_user("Ada@Example.com", Role::Editor))
        .await
        .expect("create");
    assert_eq!(ada.email.as_str(), "ada@example.com");
    assert_eq!(ada.role, Role::Editor);
    assert!(!ada.coming_soon_banner_dismissed);
    let again = store
        .create_user(&new_user("ada@example.com", Role::Customer))
        .await;
    assert!(matches!(again, Err(StoreError::Conflict(_))), "{again:?}");

    let found = store
        .credentials(&Email::parse("ADA@example.com").expect("valid"))
        .await
        .expect("read")
        .expect("found");
    assert_eq!(found.user, ada);
    assert!(found.password_hash.starts_with("$argon2id$"));
    let missing = Email::parse("bob@example.com").expect("valid");
    assert_eq!(store.credentials(&missing).await.expect("read"), None);
}

pub async fn sessions_expire_end_on_logout_and_on_a_replaced_password(db: Database) {
    let store = db.accounts();
    let ada = store
        .create_user(&new_user("ada@example.com", Role::Administrator))
        .await
        .expect("create");
    let now = OffsetDateTime::from_unix_timestamp(1_800_000_000).expect("time");
    let (a, b) = ([1u8; 32], [2u8; 32]);
    store
        .create_session(&a, ada.id, now + Duration::days(2))
        .await
        .expect("session a");
    store
        .create_session(&b, ada.id, now + Duration::days(14))
        .await
        .expect("session b");
    assert_eq!(
        store.session_user(&a, now).await.expect("read"),
        Some(ada.clone())
    );
    assert_eq!(
        store
            .session_user(&a, now + Duration::days(3))
            .await
            .expect("read"),
        None,
        "expired"
    );
    assert_eq!(
        store.session_user(&[3u8; 32], now).await.expect("read"),
        None
    );

    store.delete_session(&a).await.expect("logout");
    assert_eq!(store.session_user(&a, now).await.expect("read"), None);
    assert!(store.session_user(&b, now).await.expect("read").is_some());

    let mut replacement = new_user("ada@example.com", Role::Customer);
    replacement.display_name = "Ada L.".into();
    let replaced = store
        .replace_user(&replacement)
        .await
        .expect("replace")
        .expect("exists");
    assert_eq!((replaced.id, replaced.role), (ada.id, Role::Customer));
    assert_eq!(replaced.display_name, "Ada L.");
    assert_eq!(
        store.session_user(&b, now).await.expect("read"),
        None,
        "sessions ended"
    );
    assert_eq!(
        store
            .replace_user(&new_user("nobody@example.com", Role::Editor))
            .await
            .expect("replace"),
        None
    );
}

pub async fn the_coming_soon_banner_dismissal_is_kept_per_user(db: Database) {
    let store = db.accounts();
    let ada = store
        .create_user(&new_user("ada@example.com", Role::Administrator))
        .await
        .expect("create");
    let bob = store
        .create_user(&new_user("bob@example.com", Role::ShopManager))
        .await
        .expect("create");
    store
        .set_coming_soon_banner_dismissed(ada.id, true)
        .await
        .expect("dismiss");
    let read = |email: &str| {
        let store = store.clone();
        let email = Email::parse(email).expect("valid");
        async move {
            store
                .credentials(&email)
                .await
                .expect("read")
                .expect("found")
                .user
        }
    };
    assert!(read("ada@example.com").await.coming_soon_banner_dismissed);
    assert!(!read("bob@example.com").await.coming_soon_banner_dismissed);
    assert_eq!(bob.role, Role::ShopManager);
}

pub async fn block_edits_are_saved_and_replaced(db: Database) {
    let store = db.content();
    assert_eq!(store.block("home-about").await.expect("read"), None);
    let at = OffsetDateTime::from_unix_timestamp(1_800_000_000).expect("time");
    let mut block = ContentBlock {
        slug: "home-about".into(),
        title: "About us".into(),
        body: "**Hello** <script>x</script> — ünïcode".into(),
        updated_at: Some(at),
    };
    store.save_block(&block).await.expect("save");
    assert_eq!(
        store.block("home-about").await.expect("read"),
        Some(block.clone())
    );
    block.title = "About the team".into();
    block.updated_at = Some(at + Duration::minutes(5));
    store.save_block(&block).await.expect("save again");
    assert_eq!(store.block("home-about").await.expect("read"), Some(block));
    assert_eq!(store.block("home-welcome").await.expect("read"), None);
}
