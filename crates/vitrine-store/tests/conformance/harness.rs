//! Fresh databases for each story: a temp SQLite file, or a throwaway PostgreSQL schema.

use std::future::Future;
use std::io::Write;
use std::sync::Once;

use sqlx::Connection;
use sqlx::postgres::PgConnection;
use vitrine_store::{Backend, Database};

pub const POSTGRES_URL_VAR: &str = "VITRINE_TEST_POSTGRES_URL";

pub async fn on_sqlite<F, Fut>(story: F)
where
    F: FnOnce(Database) -> Fut,
    Fut: Future<Output = ()>,
{
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("data/shop.db").display());
    let db = Database::connect(&url).await.expect("open SQLite");
    assert_eq!(db.backend(), Backend::Sqlite);
    db.migrate().await.expect("migrate SQLite");
    story(db.clone()).await;
    db.close().await;
}

/// Runs the story in its own schema (`search_path` set through the URL), so stories run in
/// parallel; the schema is dropped even when the story fails.
pub async fn on_postgres<F, Fut>(story: F)
where
    F: FnOnce(Database) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let Ok(base) = std::env::var(POSTGRES_URL_VAR) else {
        static NOTICE: Once = Once::new();
        NOTICE.call_once(|| {
            // Straight to stderr: the test harness captures `eprintln!` of passing tests.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED: PostgreSQL conformance (set {POSTGRES_URL_VAR})"
            );
        });
        return;
    };
    let schema = format!("vitrine_test_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&base)
        .await
        .expect("connect to PostgreSQL");
    sqlx::raw_sql(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut admin)
        .await
        .expect("create schema");

    let separator = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{separator}options=-csearch_path%3D{schema}");
    let db = Database::connect(&url).await.expect("open PostgreSQL");
    assert_eq!(db.backend(), Backend::Postgres);
    db.migrate().await.expect("migrate PostgreSQL");
    let outcome = tokio::spawn(story(db.clone())).await;
    db.close().await;

    sqlx::raw_sql(&format!("DROP SCHEMA {schema} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}
