//! What one paid order costs the database on SQLite (issue 18 item 12, ADR 0019): its SQL
//! statements (each a round trip to the connection's sqlx worker thread) and its write
//! transactions (each a turn of SQLite's one write lock), pinned so a change that adds some
//! fails here — with the statements listed, to see which one came.
//!
//! An order as the bench places it: the card typed into the test provider, the product into
//! the cart, the checkout with an `Idempotency-Key` (charged, marked paid), then the
//! provider's three webhooks delivered to the shop and the confirmation e-mail sent. The
//! second order of the shop is counted (the first one warms what is read once).
//!
//! sqlx logs each statement (target `sqlx::query`) from its worker threads, where only the
//! process's global subscriber sees it, and the other tests of this binary would be counted
//! too: the measured test runs alone, in a child process of this test binary. The write
//! transactions run whole in one blocking call on SQLite (ADR 0036) log theirs as
//! `vitrine_store::whole`: their statements count as statements, and each such transaction
//! as one hand-off to another thread, where every sqlx statement is one.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use axum::http::Method;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, SubscriberExt};
use vitrine_payments::cards::CardInput;
use vitrine_payments::test_provider::BillingDetails;

use crate::checkout_app::{BEANIE, Shop, form};

/// At most this many statements and write transactions per paid order. Lower them when the
/// path gets cheaper; raise them only for a guarantee that needs the round trip (and say so
/// in ADR 0019 or 0033).
const MAX_STATEMENTS: usize = 35;
const MAX_WRITES: u64 = 10;
/// Round trips to another thread: each sqlx statement, and each transaction run whole (sqlx's
/// `BEGIN` and `COMMIT`, one more each per sqlx transaction, are not logged and not counted).
/// 35 → 28 with the place and mark-paid transactions run whole (ADR 0036).
const MAX_HANDOFFS: u64 = 28;

/// Set in the child process, which runs [`measured_alone`].
const CHILD: &str = "VITRINE_TEST_ROUND_TRIPS_CHILD";
/// The child's result line.
const RESULT: &str = "round trips of one paid order:";

#[test]
fn checkout_one_paid_order_stays_within_its_statements_and_write_transactions() {
    let exe = std::env::current_exe().expect("this test binary");
    let out = std::process::Command::new(exe)
        .args([
            "checkout_round_trips::measured_alone",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .output()
        .expect("the child test runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "child failed:\n{stdout}\n{stderr}");
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix(RESULT))
        .unwrap_or_else(|| panic!("no result from the child:\n{stdout}\n{stderr}"));
    let number = |name: &str| -> u64 {
        line.split_whitespace()
            .find_map(|w| w.strip_prefix(name))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {line:?}"))
    };
    let (statements, handoffs, writes) = (
        number("statements="),
        number("handoffs="),
        number("writes="),
    );
    println!("{stdout}");
    assert!(
        usize::try_from(statements).unwrap_or(usize::MAX) <= MAX_STATEMENTS,
        "{statements} statements per paid order (at most {MAX_STATEMENTS}):\n{stdout}"
    );
    assert!(
        handoffs <= MAX_HANDOFFS,
        "{handoffs} hand-offs to another thread per paid order (at most {MAX_HANDOFFS}):\n{stdout}"
    );
    assert!(
        writes <= MAX_WRITES,
        "{writes} write transactions per paid order (at most {MAX_WRITES}):\n{stdout}"
    );
}

/// Statements seen while counting, by text, and whether a transaction run whole ran them.
static SEEN: Mutex<Vec<(String, bool)>> = Mutex::new(Vec::new());
static COUNTING: AtomicBool = AtomicBool::new(false);
/// Transactions run whole seen while counting (ADR 0036).
static WHOLE: AtomicU64 = AtomicU64::new(0);
/// Write transactions of what is not counted (the provider's sender marking events sent).
static UNCOUNTED_WRITES: AtomicU64 = AtomicU64::new(0);

/// Where a transaction run whole logs (ADR 0036).
const WHOLE_TARGET: &str = "vitrine_store::whole";

/// Keeps each `sqlx::query` event's statement while [`COUNTING`].
struct Statements;

#[derive(Default)]
struct Text {
    summary: String,
    statement: String,
    transaction: String,
}

impl Visit for Text {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "summary" => value.clone_into(&mut self.summary),
            "db.statement" | "statement" => value.clone_into(&mut self.statement),
            "transaction" => value.clone_into(&mut self.transaction),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if matches!(
            field.name(),
            "summary" | "db.statement" | "statement" | "transaction"
        ) {
            self.record_str(field, format!("{value:?}").trim_matches('"'));
        }
    }
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Statements {
    fn enabled(&self, metadata: &tracing::Metadata<'_>, _: Context<'_, S>) -> bool {
        matches!(metadata.target(), "sqlx::query" | WHOLE_TARGET)
    }

    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if !COUNTING.load(Ordering::SeqCst) {
            return;
        }
        let mut text = Text::default();
        event.record(&mut text);
        let whole = event.metadata().target() == WHOLE_TARGET;
        if whole {
            if text.transaction.starts_with("BEGIN") {
                WHOLE.fetch_add(1, Ordering::SeqCst);
            }
            if text.statement.is_empty() {
                return;
            }
        }
        let sql = if text.statement.trim().is_empty() {
            text.summary
        } else {
            text.statement
        };
        let sql = sql.split_whitespace().collect::<Vec<_>>().join(" ");
        // A connection the pool opens meanwhile (a busy machine asks for one more) sends its
        // settings once; that is the pool's cost, not the order's.
        if sql.starts_with("PRAGMA ") {
            return;
        }
        SEEN.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((sql, whole));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "run alone in a child process by the test above"]
async fn measured_alone() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Statements))
        .expect("the child's only subscriber");
    let shop = Shop::open().await;
    paid_order(&shop, 1).await;
    let (before, uncounted) = (
        shop.app.db.writes_begun(),
        UNCOUNTED_WRITES.load(Ordering::SeqCst),
    );
    COUNTING.store(true, Ordering::SeqCst);
    paid_order(&shop, 2).await;
    COUNTING.store(false, Ordering::SeqCst);
    let writes =
        shop.app.db.writes_begun() - before - (UNCOUNTED_WRITES.load(Ordering::SeqCst) - uncounted);
    let seen = std::mem::take(&mut *SEEN.lock().unwrap_or_else(|e| e.into_inner()));
    let mut by_text = BTreeMap::<(&str, bool), usize>::new();
    for (sql, whole) in &seen {
        *by_text.entry((sql.as_str(), *whole)).or_default() += 1;
    }
    for ((sql, whole), n) in &by_text {
        let how = if *whole { "whole" } else { "sqlx" };
        println!("{n:>3}  {how:<5}  {sql}");
    }
    let by_sqlx = seen.iter().filter(|(_, whole)| !whole).count();
    let handoffs = u64::try_from(by_sqlx).unwrap_or(u64::MAX) + WHOLE.load(Ordering::SeqCst);
    println!(
        "{RESULT} statements={} handoffs={handoffs} writes={writes}",
        seen.len()
    );
}

/// The `n`th paid order of the shop, as the bench places it; returns once its webhooks were
/// answered and its e-mail sent.
async fn paid_order(shop: &Shop, n: i64) {
    let card = CardInput {
        number: "4242424242424242".to_owned(),
        exp_month: 12,
        exp_year: 2034,
        cvc: "123".to_owned(),
    };
    let method = shop
        .kit
        .cards
        .provider()
        .create_card_payment_method(&card, BillingDetails::default())
        .await
        .expect("a card");
    let buyer = shop.buyer(BEANIE, 1).await;
    let res = buyer
        .checkout(shop, Some(&format!("press-{n}")), &form(&method.id))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert!(res.json()["next_action"].is_null(), "{}", res.text);
    // The e-mail sender runs beside: wait until it sent the e-mail (no statement of ours),
    // then for the statement that marks it sent.
    let sent = usize::try_from(n).unwrap_or(0);
    for _ in 0..500 {
        if shop.kit.mail.sent().len() >= sent {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(shop.kit.mail.sent().len(), sent, "order {n}'s e-mail sent");
    // The provider's sender takes its events (not counted: one pass carries many orders').
    let counting = COUNTING.swap(false, Ordering::SeqCst);
    let writes = shop.app.db.writes_begun();
    let webhooks = shop.kit.cards.webhooks().await;
    UNCOUNTED_WRITES.fetch_add(shop.app.db.writes_begun() - writes, Ordering::SeqCst);
    COUNTING.store(counting, Ordering::SeqCst);
    assert_eq!(webhooks.len(), 3, "created, charge, succeeded");
    for hook in webhooks {
        let res = shop
            .app
            .send_raw(
                Method::POST,
                "/api/v1/payments/webhook",
                &[("stripe-signature", hook.signature.as_str())],
                &hook.body,
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
    }
}
