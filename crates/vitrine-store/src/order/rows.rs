//! Orders, attempts, grants and e-mails as rows: decoding and the shared column lists.

use sqlx::Row;
use sqlx::any::AnyRow;
use time::OffsetDateTime;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::mail::OutgoingMail;
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::order::{
    DownloadGrant, NewOrder, Order, OrderId, OrderStatus, PaymentAttempt, QueuedMail,
};
use vitrine_domain::payment::IntentStatus;

use crate::error::{StoreResult, corrupt, db_error};

pub(super) const ORDER_COLUMNS: &str = "id, status, stock_reduced, payment_method_title, \
    transaction_id, paid_at, document";

pub(super) const ATTEMPT_COLUMNS: &str = "intent_id, order_id, number, status, amount_minor, \
    currency, client_secret, last_error, created_at, updated_at";

pub(super) const GRANT_COLUMNS: &str = "token, order_id, product_id, product_name, name, file, \
    downloads_remaining, expires_at";

pub(super) fn time(seconds: i64) -> StoreResult<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp(seconds).map_err(|e| corrupt("time", e))
}

pub(super) fn decode_order(row: &AnyRow) -> StoreResult<Order> {
    let id: i64 = row.try_get("id").map_err(db_error)?;
    let status: String = row.try_get("status").map_err(db_error)?;
    let document: String = row.try_get("document").map_err(db_error)?;
    let order: NewOrder =
        serde_json::from_str(&document).map_err(|e| corrupt(format!("order {id}"), e))?;
    let paid_at: Option<i64> = row.try_get("paid_at").map_err(db_error)?;
    Ok(Order {
        id: OrderId(id),
        status: OrderStatus::parse(&status)
            .ok_or_else(|| corrupt(format!("order {id}"), "unknown status"))?,
        order,
        payment_method_title: row.try_get("payment_method_title").map_err(db_error)?,
        transaction_id: row.try_get("transaction_id").map_err(db_error)?,
        paid_at: paid_at.map(time).transpose()?,
        stock_reduced: row.try_get::<i64, _>("stock_reduced").map_err(db_error)? != 0,
    })
}

pub(super) fn intent_status_str(status: IntentStatus) -> &'static str {
    match status {
        IntentStatus::RequiresPaymentMethod => "requires_payment_method",
        IntentStatus::RequiresConfirmation => "requires_confirmation",
        IntentStatus::RequiresAction => "requires_action",
        IntentStatus::Processing => "processing",
        IntentStatus::RequiresCapture => "requires_capture",
        IntentStatus::Succeeded => "succeeded",
        IntentStatus::Canceled => "canceled",
    }
}

fn parse_intent_status(text: &str) -> Option<IntentStatus> {
    [
        IntentStatus::RequiresPaymentMethod,
        IntentStatus::RequiresConfirmation,
        IntentStatus::RequiresAction,
        IntentStatus::Processing,
        IntentStatus::RequiresCapture,
        IntentStatus::Succeeded,
        IntentStatus::Canceled,
    ]
    .into_iter()
    .find(|s| intent_status_str(*s) == text)
}

pub(super) fn decode_attempt(row: &AnyRow) -> StoreResult<PaymentAttempt> {
    let intent_id: String = row.try_get("intent_id").map_err(db_error)?;
    let status: String = row.try_get("status").map_err(db_error)?;
    let currency: String = row.try_get("currency").map_err(db_error)?;
    let currency: Currency = currency
        .parse()
        .map_err(|e| corrupt(format!("attempt {intent_id}"), e))?;
    let number: i64 = row.try_get("number").map_err(db_error)?;
    Ok(PaymentAttempt {
        order_id: OrderId(row.try_get("order_id").map_err(db_error)?),
        number: u32::try_from(number).map_err(|e| corrupt("attempt number", e))?,
        status: parse_intent_status(&status)
            .ok_or_else(|| corrupt(format!("attempt {intent_id}"), "unknown status"))?,
        amount: Money::new(row.try_get("amount_minor").map_err(db_error)?, currency),
        client_secret: row.try_get("client_secret").map_err(db_error)?,
        last_error: row.try_get("last_error").map_err(db_error)?,
        created_at: time(row.try_get("created_at").map_err(db_error)?)?,
        updated_at: time(row.try_get("updated_at").map_err(db_error)?)?,
        intent_id,
    })
}

pub(super) fn decode_grant(row: &AnyRow) -> StoreResult<DownloadGrant> {
    let remaining: Option<i64> = row.try_get("downloads_remaining").map_err(db_error)?;
    let expires_at: Option<i64> = row.try_get("expires_at").map_err(db_error)?;
    Ok(DownloadGrant {
        token: row.try_get("token").map_err(db_error)?,
        order_id: OrderId(row.try_get("order_id").map_err(db_error)?),
        product_id: ProductId(row.try_get("product_id").map_err(db_error)?),
        product_name: row.try_get("product_name").map_err(db_error)?,
        name: row.try_get("name").map_err(db_error)?,
        file: row.try_get("file").map_err(db_error)?,
        downloads_remaining: remaining.map(|n| u32::try_from(n.max(0)).unwrap_or(u32::MAX)),
        expires_at: expires_at.map(time).transpose()?,
    })
}

pub(super) fn decode_mail(row: &AnyRow) -> StoreResult<QueuedMail> {
    Ok(QueuedMail {
        id: row.try_get("id").map_err(db_error)?,
        order_id: OrderId(row.try_get("order_id").map_err(db_error)?),
        mail: OutgoingMail {
            to: row.try_get("recipient").map_err(db_error)?,
            subject: row.try_get("subject").map_err(db_error)?,
            text: row.try_get("body_text").map_err(db_error)?,
            html: row.try_get("body_html").map_err(db_error)?,
        },
    })
}
