//! Marking an order paid on a SQLite file, run whole in one blocking call (ADR 0036): the same
//! statements, in the same order and with the same SQL, as [`super::finalize`]'s sqlx path.

use rusqlite::named_params;
use vitrine_domain::order::{FinalizeOutcome, PaymentAttempt, Settlement};

use super::SqlOrderStore;
use super::attempts::UPSERT_ATTEMPT;
use super::finalize::{INSERT_GRANT, MARK_PAID, PUT_ON_HOLD, QUEUE_RECEIVED_MAIL, STOCK_HELD};
use super::place_whole::{record_stock, take_stock};
use super::rows::intent_status_str;
use crate::db::{Finish, WholeTx};
use crate::error::StoreResult;

impl SqlOrderStore {
    pub(super) async fn finalize_whole(&self, s: &Settlement) -> StoreResult<FinalizeOutcome> {
        let empty_cart = crate::cart::empty_doc()?;
        let settlement = s.clone();
        let paid = self
            .db
            .write_whole(move |tx| {
                Ok(if mark_paid(tx, &settlement, &empty_cart)? {
                    vitrine_crash::point(vitrine_crash::FINALIZE_BEFORE_COMMIT);
                    Finish::Commit(true)
                } else {
                    Finish::Rollback(false)
                })
            })
            .await?;
        if paid {
            return Ok(FinalizeOutcome::Paid);
        }
        if let Some(attempt) = &s.attempt {
            self.write_attempt(attempt).await?;
        }
        self.why_not_paid(s.order_id).await
    }
}

/// The finalize transaction's statements; `false` (roll back) when the order was not marked.
fn mark_paid(tx: &WholeTx<'_>, s: &Settlement, empty_cart: &str) -> StoreResult<bool> {
    let paid_at = s.paid_at.unix_timestamp();
    let order = s.order_id.0;
    let marked = tx.row(
        MARK_PAID,
        named_params! {
            "$1": order,
            "$2": s.status.as_str(),
            "$3": paid_at,
            "$4": s.transaction_id.as_deref(),
            "$5": s.payment_method_title.as_str(),
            "$6": s.amount.amount_minor(),
            "$7": s.amount.currency().code(),
        },
        |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?)),
    )?;
    let Some((held, session)) = marked else {
        return Ok(false);
    };
    if let Some(attempt) = &s.attempt {
        upsert_attempt(tx, attempt)?;
    }
    // The cart it was placed from is emptied with the payment, in this transaction.
    tx.execute(
        crate::cart::EMPTY_CART,
        named_params! { "$1": empty_cart, "$2": paid_at, "$3": session.as_str() },
    )?;
    crate::catalogue::record_sales_whole(tx, order)?;
    if held == 0 {
        // The stock was given back (the order had been cancelled): take it again; an item
        // that ran out meanwhile puts the paid order on hold for the shop to sort out.
        if let Some((item, available)) = take_stock(tx, &s.stock)? {
            tracing::error!(order = %s.order_id, item, available, "paid order short of stock");
            tx.execute(PUT_ON_HOLD, named_params! { "$1": order })?;
        } else {
            record_stock(tx, order, &s.stock)?;
            tx.execute(STOCK_HELD, named_params! { "$1": order })?;
        }
    }
    for (position, grant) in s.downloads.iter().enumerate() {
        tx.execute(
            INSERT_GRANT,
            named_params! {
                "$1": grant.token.as_str(),
                "$2": order,
                "$3": i64::try_from(position).unwrap_or(i64::MAX),
                "$4": grant.product_id.0,
                "$5": grant.product_name.as_str(),
                "$6": grant.name.as_str(),
                "$7": grant.file.as_str(),
                "$8": grant.downloads_remaining.map(i64::from),
                "$9": grant.expires_at.map(|t| t.unix_timestamp()),
            },
        )?;
    }
    tx.execute(
        QUEUE_RECEIVED_MAIL,
        named_params! {
            "$1": order,
            "$2": s.mail.to.as_str(),
            "$3": s.mail.subject.as_str(),
            "$4": s.mail.text.as_str(),
            "$5": s.mail.html.as_deref(),
            "$6": paid_at,
        },
    )?;
    Ok(true)
}

/// [`super::attempts::upsert_attempt`] in a transaction run whole.
fn upsert_attempt(tx: &WholeTx<'_>, a: &PaymentAttempt) -> StoreResult<()> {
    tx.execute(
        UPSERT_ATTEMPT,
        named_params! {
            "$1": a.intent_id.as_str(),
            "$2": a.order_id.0,
            "$3": i64::from(a.number),
            "$4": intent_status_str(a.status),
            "$5": a.amount.amount_minor(),
            "$6": a.amount.currency().code(),
            "$7": a.client_secret.as_str(),
            "$8": a.last_error.as_deref(),
            "$9": a.created_at.unix_timestamp(),
            "$10": a.updated_at.unix_timestamp(),
        },
    )?;
    Ok(())
}
