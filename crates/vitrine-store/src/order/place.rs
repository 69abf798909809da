//! Placing an order in one transaction: the idempotency key, the resumable cart, the stock
//! (one conditional update per item) and the order rows.

use sqlx::{Any, Row, Transaction};
use vitrine_domain::order::{
    CheckoutRequest, NewOrder, Order, OrderId, OrderLine, OrderStatus, PlaceOutcome, StockChange,
};

use super::SqlOrderStore;
use crate::error::{StoreResult, backend, db_error};

/// What one try of the transaction ended with.
pub(super) enum Tried {
    Done(Box<PlaceOutcome>),
    /// Someone placed the same cart meanwhile: try again (it will be resumed).
    Raced,
}

/// The request's key, recorded with the order it placed or resumed, last in the place
/// transaction: a key some request already recorded (`DO NOTHING`: nothing returned) rolls
/// the whole transaction back (order, lines, stock), so a key still places at most one order.
pub(super) const CLAIM_KEY: &str = "INSERT INTO checkout_requests (idempotency_key, cart_hash, order_id, \
    response, created_at) VALUES ($1, $2, $3, NULL, $4) \
    ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key";

pub(super) const INSERT_ORDER: &str = "INSERT INTO orders (order_key, status, currency, total_minor, \
    customer_id, session_id, cart_hash, resume_key, stock_reduced, created_at, updated_at, \
    document) VALUES ($1, 'pending', $2, $3, $4, $5, $6, $7, 1, $8, $8, $9) \
    ON CONFLICT (resume_key) DO NOTHING RETURNING id";

/// An unpaid order of the same cart, which the order's insert ran into.
pub(super) const FIND_RESUMABLE: &str = "SELECT id FROM orders WHERE resume_key = $1";
/// Takes stock of an item that may go below zero (backorders allowed).
pub(super) const TAKE_ANY: &str = "UPDATE stock SET quantity = quantity - $2 WHERE item_id = $1";
/// Takes stock only if there is enough: the guarantee against overselling.
pub(super) const TAKE_IF_ENOUGH: &str =
    "UPDATE stock SET quantity = quantity - $2 WHERE item_id = $1 AND quantity >= $2";
pub(super) const STOCK_LEVEL: &str = "SELECT quantity FROM stock WHERE item_id = $1";
pub(super) const INSERT_LINE: &str = "INSERT INTO order_lines (order_id, position, product_id, \
    variation_id, name, quantity, total_minor) VALUES ($1, $2, $3, $4, $5, $6, $7)";
pub(super) const RECORD_STOCK: &str = "INSERT INTO order_stock (order_id, item_id, quantity) \
    VALUES ($1, $2, $3) \
    ON CONFLICT (order_id, item_id) DO UPDATE SET quantity = order_stock.quantity + $3";

/// The key that finds an unpaid order of the same session's same cart.
pub(super) fn resume_key(order: &NewOrder) -> String {
    format!("{}:{}", order.session, order.cart_hash)
}

/// Takes `changes` (sorted by item, so concurrent orders lock rows in one order); the first
/// item short of stock, with what it has.
pub(super) async fn take_stock(
    tx: &mut Transaction<'_, Any>,
    changes: &[StockChange],
) -> StoreResult<Option<(i64, i64)>> {
    let mut taken = false;
    for change in changes {
        let sql = if change.allow_backorder {
            TAKE_ANY
        } else {
            TAKE_IF_ENOUGH
        };
        let done = sqlx::query(sql)
            .bind(change.item_id)
            .bind(change.quantity)
            .execute(&mut **tx)
            .await
            .map_err(db_error)?;
        if done.rows_affected() == 1 {
            taken = true;
            continue;
        }
        let level: Option<i64> = sqlx::query_scalar(STOCK_LEVEL)
            .bind(change.item_id)
            .fetch_optional(&mut **tx)
            .await
            .map_err(db_error)?;
        // No row: the item does not manage stock (any more); nothing to take.
        if let Some(available) = level {
            return Ok(Some((change.item_id, available.max(0))));
        }
    }
    if taken {
        // Stock shows on product pages and listings: their kept renders are out of date.
        crate::catalogue::next_change(tx).await?;
    }
    Ok(None)
}

/// An order's lines, one row each (for reports and stock queries).
pub(super) async fn insert_lines(
    tx: &mut Transaction<'_, Any>,
    id: OrderId,
    lines: &[OrderLine],
) -> StoreResult<()> {
    for (position, line) in lines.iter().enumerate() {
        sqlx::query(INSERT_LINE)
            .bind(id.0)
            .bind(i64::try_from(position).unwrap_or(i64::MAX))
            .bind(line.product_id.0)
            .bind(line.variation_id.map(|v| v.0))
            .bind(line.name.as_str())
            .bind(i64::from(line.quantity))
            .bind(line.total.amount_minor())
            .execute(&mut **tx)
            .await
            .map_err(db_error)?;
    }
    Ok(())
}

/// Records what an order took, for a cancel to give back.
pub(super) async fn record_stock(
    tx: &mut Transaction<'_, Any>,
    order: OrderId,
    changes: &[StockChange],
) -> StoreResult<()> {
    for change in changes {
        sqlx::query(RECORD_STOCK)
            .bind(order.0)
            .bind(change.item_id)
            .bind(change.quantity)
            .execute(&mut **tx)
            .await
            .map_err(db_error)?;
    }
    Ok(())
}

impl SqlOrderStore {
    pub(super) async fn try_place(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
        request_key: Option<&str>,
    ) -> StoreResult<Tried> {
        if self.db.writes_whole() {
            return self.try_place_whole(order, stock, request_key).await;
        }
        let mut tx = self.begin().await?;
        let now = order.created_at.unix_timestamp();
        let resume = resume_key(order);
        // The order first: its insert finds an unpaid order of the same cart (`resume_key`),
        // which is then resumed and nothing else is written — a read fewer in the writer's
        // transaction for the usual new order. Stock is taken after it, in the same
        // transaction, so an order short of stock is rolled back whole.
        let document = serde_json::to_string(order)
            .map_err(|e| backend(format!("cannot encode an order: {e}")))?;
        let row = sqlx::query(INSERT_ORDER)
            .bind(order.key.as_str())
            .bind(order.currency.code())
            .bind(order.totals.total.amount_minor())
            .bind(order.customer_id)
            .bind(order.session.as_str())
            .bind(order.cart_hash.as_str())
            .bind(resume.as_str())
            .bind(now)
            .bind(document.as_str())
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
        let Some(row) = row else {
            let open: Option<i64> = sqlx::query_scalar(FIND_RESUMABLE)
                .bind(resume.as_str())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_error)?;
            let Some(id) = open else {
                // Paid or cancelled meanwhile (PostgreSQL): try again.
                tx.rollback().await.map_err(db_error)?;
                return Ok(Tried::Raced);
            };
            let tx = match self.claim_key(tx, request_key, order, id).await? {
                Ok(tx) => tx,
                Err(used) => return Ok(used),
            };
            tx.commit().await.map_err(db_error)?;
            let order = self.read_order(OrderId(id)).await?;
            return Ok(Tried::Done(Box::new(PlaceOutcome::Resumed(order))));
        };
        if let Some((item_id, available)) = take_stock(&mut tx, stock).await? {
            tx.rollback().await.map_err(db_error)?;
            // A key used before answers as it did when it was claimed first (rare: the
            // checkout reads a used key before placing only when the cart is empty).
            if let Some(used) = self.used_key(request_key).await? {
                return Ok(used);
            }
            return Ok(Tried::Done(Box::new(PlaceOutcome::OutOfStock {
                item_id,
                available,
            })));
        }
        let id = OrderId(row.try_get("id").map_err(db_error)?);
        insert_lines(&mut tx, id, &order.lines).await?;
        record_stock(&mut tx, id, stock).await?;
        let tx = match self.claim_key(tx, request_key, order, id.0).await? {
            Ok(tx) => tx,
            Err(used) => return Ok(used),
        };
        vitrine_crash::point(vitrine_crash::PLACE_BEFORE_COMMIT);
        tx.commit().await.map_err(db_error)?;
        // The order as just written (what reading it back would decode), without that read.
        let order = Order {
            id,
            status: OrderStatus::Pending,
            order: serde_json::from_str(&document)
                .map_err(|e| backend(format!("cannot decode an order: {e}")))?,
            payment_method_title: String::new(),
            transaction_id: None,
            paid_at: None,
            stock_reduced: true,
        };
        Ok(Tried::Done(Box::new(PlaceOutcome::Created(order))))
    }

    /// Records `key` (if any) for order `id` last in the place transaction and hands the
    /// transaction back; when some request recorded the key already, rolls the transaction
    /// back and answers what that request did instead.
    async fn claim_key(
        &self,
        mut tx: Transaction<'static, Any>,
        key: Option<&str>,
        order: &NewOrder,
        id: i64,
    ) -> StoreResult<Result<Transaction<'static, Any>, Tried>> {
        let Some(key) = key else {
            return Ok(Ok(tx));
        };
        let claimed = sqlx::query(CLAIM_KEY)
            .bind(key)
            .bind(order.cart_hash.as_str())
            .bind(id)
            .bind(order.created_at.unix_timestamp())
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
        if claimed.is_some() {
            return Ok(Ok(tx));
        }
        tx.rollback().await.map_err(db_error)?;
        self.used_key(Some(key))
            .await?
            .map(Err)
            .ok_or_else(|| backend("a checkout request vanished while it was read"))
    }

    /// What a key recorded before answers (`KeyUsed`), if it was.
    pub(super) async fn used_key(&self, key: Option<&str>) -> StoreResult<Option<Tried>> {
        let Some(key) = key else {
            return Ok(None);
        };
        Ok(self
            .request(key)
            .await?
            .map(|request| Tried::Done(Box::new(PlaceOutcome::KeyUsed(request)))))
    }

    pub(super) async fn request(&self, key: &str) -> StoreResult<Option<CheckoutRequest>> {
        let row = sqlx::query(
            "SELECT idempotency_key, cart_hash, order_id, response FROM checkout_requests \
             WHERE idempotency_key = $1",
        )
        .bind(key)
        .fetch_optional(self.db.pool())
        .await
        .map_err(db_error)?;
        row.map(|r| {
            Ok(CheckoutRequest {
                key: r.try_get("idempotency_key").map_err(db_error)?,
                cart_hash: r.try_get("cart_hash").map_err(db_error)?,
                order_id: OrderId(r.try_get("order_id").map_err(db_error)?),
                response: r.try_get("response").map_err(db_error)?,
            })
        })
        .transpose()
    }
}
