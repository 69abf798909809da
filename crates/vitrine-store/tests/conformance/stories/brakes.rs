//! Brakes: a burst then a steady rate per key, decided atomically in the database — parallel
//! reservations never get more than the rule, several keys are all or nothing, releases give
//! attempts back, and expired counts are swept.

use std::time::Duration;

use sqlx::Row;
use time::OffsetDateTime;
use tokio::task::JoinSet;
use vitrine_domain::brake::{Attempt, BrakeKey, BrakeRule, BrakeScope, BrakeStore, Reservation};
use vitrine_store::{Database, SqlBrakeStore};

fn t0() -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(1_800_000_000).expect("time")
}

fn ms(n: u64) -> time::Duration {
    time::Duration::milliseconds(i64::try_from(n).expect("small"))
}

fn attempt(subject: &str, burst: u32, per_minute: u32) -> Attempt {
    Attempt {
        key: BrakeKey::new(BrakeScope::LoginClient, subject),
        rule: BrakeRule::new(burst, per_minute),
    }
}

async fn reserve(store: &SqlBrakeStore, attempts: &[Attempt], now: OffsetDateTime) -> Reservation {
    store.reserve(attempts, now).await.expect("reserve")
}

/// How many of `n` reservations at `now` were granted, one at a time.
async fn granted(
    store: &SqlBrakeStore,
    attempts: &[Attempt],
    now: OffsetDateTime,
    n: usize,
) -> usize {
    let mut count = 0;
    for _ in 0..n {
        if reserve(store, attempts, now).await == Reservation::Reserved {
            count += 1;
        }
    }
    count
}

async fn rows(db: &Database) -> i64 {
    sqlx::query("SELECT COUNT(*) AS n FROM brakes")
        .fetch_one(db.pool())
        .await
        .expect("count")
        .try_get("n")
        .expect("n")
}

pub async fn a_burst_is_reserved_then_braked_until_the_rate_refills_it(db: Database) {
    let store = db.brakes();
    // 3 at once, then one a second.
    let a = [attempt("a", 3, 60)];
    assert_eq!(granted(&store, &a, t0(), 3).await, 3);
    assert_eq!(
        reserve(&store, &a, t0()).await,
        Reservation::Braked {
            attempt: 0,
            retry_after: Duration::from_secs(1)
        }
    );
    assert_eq!(
        reserve(&store, &a, t0() + ms(999)).await,
        Reservation::Braked {
            attempt: 0,
            retry_after: Duration::from_millis(1)
        },
        "a braked attempt does not lengthen the wait"
    );
    assert_eq!(granted(&store, &a, t0() + ms(1_000), 2).await, 1);
    // An hour later: the burst again, and no more.
    assert_eq!(granted(&store, &a, t0() + ms(3_600_000), 4).await, 3);
}

pub async fn concurrent_reservations_never_exceed_the_burst(db: Database) {
    let store = db.brakes();
    let mut tasks = JoinSet::new();
    for _ in 0..40 {
        let store = store.clone();
        tasks.spawn(async move { reserve(&store, &[attempt("shared", 10, 5)], t0()).await });
    }
    let mut reserved = 0;
    while let Some(outcome) = tasks.join_next().await {
        if outcome.expect("task") == Reservation::Reserved {
            reserved += 1;
        }
    }
    assert_eq!(reserved, 10);
    // 13 s later, at 5 a minute (one per 12 s): exactly one more, also in parallel.
    let later = t0() + ms(13_000);
    let mut tasks = JoinSet::new();
    for _ in 0..40 {
        let store = store.clone();
        tasks.spawn(async move { reserve(&store, &[attempt("shared", 10, 5)], later).await });
    }
    let mut reserved = 0;
    while let Some(outcome) = tasks.join_next().await {
        if outcome.expect("task") == Reservation::Reserved {
            reserved += 1;
        }
    }
    assert_eq!(reserved, 1);
}

pub async fn a_reservation_of_several_keys_is_all_or_nothing(db: Database) {
    let store = db.brakes();
    let (client, account) = (attempt("client", 5, 60), attempt("account", 2, 60));
    let both = [client.clone(), account];
    assert_eq!(granted(&store, &both, t0(), 2).await, 2);
    assert_eq!(
        reserve(&store, &both, t0()).await,
        Reservation::Braked {
            attempt: 1,
            retry_after: Duration::from_secs(1)
        },
        "the account is spent; the index names it"
    );
    // The braked pair took nothing from the client: 3 of its 5 are left.
    assert_eq!(granted(&store, &[client], t0(), 4).await, 3);
    // Keys are separate.
    assert_eq!(
        granted(&store, &[attempt("other", 1, 60)], t0(), 2).await,
        1
    );
}

pub async fn concurrent_pairs_sharing_keys_in_any_order_neither_deadlock_nor_exceed(db: Database) {
    let store = db.brakes();
    let mut tasks = JoinSet::new();
    for i in 0..40 {
        let store = store.clone();
        tasks.spawn(async move {
            let (own, account) = (
                attempt(&format!("client {i}"), 10, 5),
                attempt("ada", 10, 5),
            );
            let pair = if i % 2 == 0 {
                [own, account]
            } else {
                [account, own]
            };
            reserve(&store, &pair, t0()).await
        });
    }
    let mut reserved = 0;
    while let Some(outcome) = tasks.join_next().await {
        if outcome.expect("task") == Reservation::Reserved {
            reserved += 1;
        }
    }
    assert_eq!(
        reserved, 10,
        "the shared account allows 10, whatever the addresses"
    );
}

pub async fn a_released_attempt_can_be_reserved_again_but_never_beyond_the_burst(db: Database) {
    let store = db.brakes();
    let a = [attempt("a", 2, 1)];
    assert_eq!(granted(&store, &a, t0(), 3).await, 2);
    store.release(&a).await.expect("release");
    assert_eq!(granted(&store, &a, t0(), 2).await, 1);
    // Releasing more than was taken banks nothing beyond the burst.
    for _ in 0..5 {
        store.release(&a).await.expect("release");
    }
    assert_eq!(granted(&store, &a, t0(), 3).await, 2);
    // Releasing a key never reserved is harmless.
    store
        .release(&[attempt("nobody", 2, 1)])
        .await
        .expect("release");
    assert_eq!(
        granted(&store, &[attempt("nobody", 2, 1)], t0(), 3).await,
        2
    );
}

pub async fn a_rule_that_is_off_counts_nothing(db: Database) {
    let store = db.brakes();
    let off = [attempt("free", 0, 0)];
    assert_eq!(granted(&store, &off, t0(), 50).await, 50);
    store.release(&off).await.expect("release");
    assert_eq!(rows(&db).await, 0);
    // Off beside a live rule: only the live one counts.
    let mixed = [attempt("free", 0, 0), attempt("held", 1, 1)];
    assert_eq!(reserve(&store, &mixed, t0()).await, Reservation::Reserved);
    assert!(matches!(
        reserve(&store, &mixed, t0()).await,
        Reservation::Braked { attempt: 1, .. }
    ));
}

pub async fn expired_counts_are_swept_and_live_ones_kept(db: Database) {
    let store = db.brakes();
    // "old" is free again a second after t0; "live" (one a minute) a minute and a half after.
    reserve(&store, &[attempt("old", 3, 60)], t0()).await;
    reserve(&store, &[attempt("live", 1, 1)], t0() + ms(30_000)).await;
    assert_eq!(rows(&db).await, 2);
    assert_eq!(
        store.sweep(t0() + ms(61_000)).await.expect("sweep"),
        0,
        "within the margin"
    );
    assert_eq!(store.sweep(t0() + ms(61_001)).await.expect("sweep"), 1);
    assert_eq!(rows(&db).await, 1);
    // Reservations sweep on their own now and then.
    let other = db.brakes();
    reserve(&other, &[attempt("new", 1, 1)], t0() + ms(3_600_000)).await;
    assert_eq!(rows(&db).await, 1, "only the new count is left");
}
