//! Several instances, one PostgreSQL (issue: "two serve processes on one database keep carts
//! exact"): two application instances, each with its own connection pool, in-process locks and
//! product cache, share one database; concurrent adds to one cart line split over both are all
//! kept and none answers 500 — the cart's row lock serialises them in the database.
//! Runs when `VITRINE_TEST_POSTGRES_URL` is set (CI sets it); prints SKIPPED otherwise.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use sqlx::Connection;
use sqlx::postgres::PgConnection;
use vitrine_domain::money::Currency;
use vitrine_http::{ShopSettings, router};
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};
use vitrine_store::Database;

use crate::cart_app::{BEANIE, Shopper, quantity_of};
use crate::helpers::{NOW, app_state};

const ADDS_PER_INSTANCE: usize = 320;

/// A throwaway schema on the test server, dropped at the end; `None` without the variable.
pub(crate) async fn schema() -> Option<(String, String, PgConnection)> {
    let Ok(base) = std::env::var("VITRINE_TEST_POSTGRES_URL") else {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: two instances on PostgreSQL (set VITRINE_TEST_POSTGRES_URL)"
        );
        return None;
    };
    let name = format!("vitrine_carts_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&base).await.expect("connect");
    sqlx::raw_sql(&format!("CREATE SCHEMA {name}"))
        .execute(&mut admin)
        .await
        .expect("create schema");
    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-csearch_path%3D{name}");
    Some((name, url, admin))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_postgres_keep_every_concurrent_add_without_a_500() {
    let Some((name, url, mut admin)) = schema().await else {
        return;
    };
    let first = Database::connect(&url).await.expect("first pool");
    first.migrate().await.expect("migrate");
    let csv = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/woocommerce-sample-products.csv");
    let options = ImportOptions {
        now: NOW,
        ..ImportOptions::new(Currency::USD)
    };
    let file = std::fs::File::open(csv).expect("sample CSV");
    import_woocommerce_csv(file, &first.catalogue(Currency::USD), options, &NoProgress)
        .await
        .expect("sample imports");
    let second = Database::connect(&url).await.expect("second pool");

    let one = router(app_state(&first, ShopSettings::default(), None));
    let two = router(app_state(&second, ShopSettings::default(), None));
    let mut shopper = Shopper {
        router: one.clone(),
        cookies: BTreeMap::new(),
    };
    let reply = shopper.add(json!({"product_id": BEANIE})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);

    let mut tasks = Vec::new();
    for instance in [one, two] {
        for _ in 0..ADDS_PER_INSTANCE {
            let mut tab = shopper.clone();
            tab.router = instance.clone();
            tasks.push(tokio::spawn(async move {
                let reply = tab.add(json!({"product_id": BEANIE, "quantity": 1})).await;
                reply.status.as_u16()
            }));
        }
    }
    let mut statuses = BTreeMap::new();
    for task in tasks {
        *statuses
            .entry(task.await.expect("add finished"))
            .or_insert(0_usize) += 1;
    }
    let quantity = quantity_of(&shopper.cart().await, BEANIE, None);

    first.close().await;
    second.close().await;
    sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");

    assert_eq!(statuses, BTreeMap::from([(200, 2 * ADDS_PER_INSTANCE)]));
    assert_eq!(quantity, 1 + 2 * ADDS_PER_INSTANCE as u64);
}
