//! Brakes across instances (issue 11): two application instances, each with its own
//! connection pool, over one PostgreSQL database share one count — 40 wrong passwords split
//! over both get 10 refusals in all, not 10 each; 40 reviews get 5 stored in all.
//! Runs when `VITRINE_TEST_POSTGRES_URL` is set (CI sets it); prints SKIPPED otherwise.

use std::collections::BTreeMap;

use serde_json::json;
use vitrine_domain::account::{Email, NewUser, Role};
use vitrine_domain::catalogue::fixtures::CURRENCY;
use vitrine_domain::ports::AccountStore;
use vitrine_http::settings::Moderation;
use vitrine_http::{ShopSettings, router};
use vitrine_store::Database;

use crate::brakes::{all_at_once, post, statuses};
use crate::cart_instances::schema;
use crate::helpers::{PASSWORD, app_state};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_postgres_share_the_login_and_review_brakes() {
    let Some((name, url, mut admin)) = schema().await else {
        return;
    };
    let first = Database::connect(&url).await.expect("first pool");
    first.migrate().await.expect("migrate");
    let ids = crate::fixtures::seed(&first.catalogue(CURRENCY)).await;
    first
        .accounts()
        .create_user(&NewUser {
            email: Email::parse("ada@example.com").expect("email"),
            display_name: "Ada".into(),
            role: Role::Customer,
            password_hash: vitrine_app::accounts::password::hash(PASSWORD).expect("hash"),
        })
        .await
        .expect("user");
    let second = Database::connect(&url).await.expect("second pool");
    let mut settings = ShopSettings::default();
    settings.reviews.moderation = Moderation::Approve;
    let instances = [
        router(app_state(&first, settings.clone(), None)),
        router(app_state(&second, settings, None)),
    ];

    let guess = json!({ "login": "ada@example.com", "password": "a wrong guess" });
    let logins = (0..40)
        .map(|_| post("/api/v1/account/login", &guess, None))
        .collect();
    let logins = all_at_once(&instances, logins).await;

    let reviews_url = format!("/api/v1/products/{}/reviews", ids.hoodie);
    let reviews = (0..40)
        .map(|n| {
            let body = json!({ "rating": 5, "text": format!("Lovely ({n})."), "author": "Ada" });
            post(&reviews_url, &body, None)
        })
        .collect();
    let reviews = all_at_once(&instances, reviews).await;
    let stored = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM reviews")
        .fetch_one(first.pool())
        .await
        .expect("count");

    first.close().await;
    second.close().await;
    sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");

    assert_eq!(statuses(&logins), BTreeMap::from([(401, 10), (429, 30)]));
    assert_eq!(statuses(&reviews), BTreeMap::from([(201, 5), (429, 35)]));
    assert_eq!(stored, 5);
}
