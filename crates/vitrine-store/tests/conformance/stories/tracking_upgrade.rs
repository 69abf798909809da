//! Upgrading a database whose tracking tables were made by the tracking crate's own migration
//! runner (`_vitrine_tracking_migrations`, before migration 0006 moved them into the store).

use sqlx::AnyPool;
use vitrine_store::{Backend, Database};
use vitrine_tracking::TrackingStore;
use vitrine_tracking::outbox::{DeliveryStatus, Destination};
use vitrine_tracking::ports::AcceptOutcome;

use super::tracking::{consent, enqueue, event_id, landing, t};

/// The old runner's script, as it shipped (`crates/vitrine-tracking/migrations/*/0001`).
const OLD_SQLITE: &str = include_str!("../old_tracking_runner/sqlite.sql");
const OLD_POSTGRES: &str = include_str!("../old_tracking_runner/postgres.sql");

async fn run(pool: &AnyPool, statement: &str) {
    sqlx::query(statement)
        .execute(pool)
        .await
        .unwrap_or_else(|e| panic!("{statement}: {e}"));
}

async fn count(pool: &AnyPool, sql: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(sql).fetch_one(pool).await
}

/// Turns a freshly migrated database into one served before 0006: the store's ledger without
/// 0006, the tracking tables made by the old runner, and that runner's own ledger.
async fn as_made_by_the_old_runner(db: &Database) {
    let pool = db.pool();
    for table in [
        "tracking_outbox",
        "tracking_events",
        "tracking_consent_log",
        "tracking_attribution",
    ] {
        run(pool, &format!("DROP TABLE {table}")).await;
    }
    // Before 0006 none of the later migrations had run either; 0018 (the consent log's
    // google_ads column) must find the old runner's table, so it runs again too.
    run(
        pool,
        "DELETE FROM _sqlx_migrations WHERE version IN (6, 18)",
    )
    .await;
    run(
        pool,
        "CREATE TABLE IF NOT EXISTS _vitrine_tracking_migrations (version BIGINT PRIMARY KEY \
         NOT NULL, description TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .await;
    let script = match db.backend() {
        Backend::Sqlite => OLD_SQLITE,
        Backend::Postgres => OLD_POSTGRES,
    };
    let without_comments: Vec<&str> = script
        .lines()
        .filter(|l| !l.trim_start().starts_with("--"))
        .collect();
    for statement in without_comments.join("\n").split(';').map(str::trim) {
        if !statement.is_empty() {
            run(pool, statement).await;
        }
    }
    run(
        pool,
        "INSERT INTO _vitrine_tracking_migrations (version, description, applied_at) \
         VALUES (1, 'tracking tables', 1741608000)",
    )
    .await;
}

pub async fn an_upgrade_from_the_old_tracking_runner_keeps_every_row(db: Database) {
    as_made_by_the_old_runner(&db).await;
    let store = db.tracking();
    enqueue(&store, 1, &[Destination::Meta, Destination::Ga4]).await;
    // Rows of the old table, which has no google_ads column.
    for (subject, marketing) in [("subject-a", 1), ("subject-b", 0)] {
        run(
            db.pool(),
            &format!(
                "INSERT INTO tracking_consent_log (subject, analytics, marketing, preferences, \
                 gpc, banner_version, source, recorded_at) \
                 VALUES ('{subject}', 1, {marketing}, 0, 0, '1', 'settings', {})",
                t(0).unix_timestamp()
            ),
        )
        .await;
    }
    let snapshot = landing(None, "/?utm_source=newsletter", t(0));
    store
        .upsert_attribution("session-a", &snapshot)
        .await
        .expect("attribution");

    db.migrate().await.expect("0006 runs over the old tables");
    db.migrate().await.expect("and is skipped the next time");

    let pool = db.pool();
    let applied = count(
        pool,
        "SELECT COUNT(*) FROM _sqlx_migrations WHERE version = 6",
    )
    .await;
    assert_eq!(applied.expect("store ledger"), 1);
    assert!(
        count(pool, "SELECT COUNT(*) FROM _vitrine_tracking_migrations")
            .await
            .is_err(),
        "the old runner's ledger is gone"
    );
    let deliveries = store.delivery_status(&event_id(1)).await.expect("status");
    assert_eq!(deliveries.len(), 2);
    assert!(
        deliveries
            .iter()
            .all(|d| d.status == DeliveryStatus::Pending)
    );
    assert_eq!(
        enqueue(&store, 1, &[Destination::Meta]).await,
        AcceptOutcome::Replayed,
        "the ledger still knows the event"
    );
    // 0018: a decision from before the google_ads category takes the marketing value.
    assert_eq!(
        store.latest_consent("subject-a").await.expect("read"),
        Some(consent(true, t(0)))
    );
    let old_denied = store
        .latest_consent("subject-b")
        .await
        .expect("read")
        .expect("kept");
    assert!(!old_denied.choices.marketing && !old_denied.choices.google_ads);
    assert_eq!(
        store.attribution("session-a").await.expect("read"),
        Some(snapshot)
    );
    // The tables go on working: new rows after the old ones, old rows claimable.
    store
        .append_consent(&consent(false, t(1)))
        .await
        .expect("append");
    assert_eq!(
        store.latest_consent("subject-a").await.expect("read"),
        Some(consent(false, t(1)))
    );
    assert_eq!(
        store.claim_due(t(0), t(60), 10).await.expect("claim").len(),
        2
    );
}
