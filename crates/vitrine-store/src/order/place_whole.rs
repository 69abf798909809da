//! The place transaction on a SQLite file, run whole in one blocking call (ADR 0036): the same
//! statements, in the same order and with the same SQL, as [`super::place`]'s sqlx path (which
//! PostgreSQL and in-memory SQLite keep).

use rusqlite::named_params;
use vitrine_domain::order::{
    NewOrder, Order, OrderId, OrderLine, OrderStatus, PlaceOutcome, StockChange,
};

use super::SqlOrderStore;
use super::place::{
    CLAIM_KEY, FIND_RESUMABLE, INSERT_LINE, INSERT_ORDER, RECORD_STOCK, STOCK_LEVEL, TAKE_ANY,
    TAKE_IF_ENOUGH, Tried, resume_key,
};
use crate::db::{Finish, WholeTx};
use crate::error::{StoreResult, backend};

/// What the transaction ended with; the rest (reads after it) is done back on the runtime.
enum Placed {
    Created(OrderId),
    /// An unpaid order of the same cart, committed with the key.
    Resumed(i64),
    Raced,
    /// Some request recorded the key before: rolled back.
    KeyUsed,
    OutOfStock {
        item_id: i64,
        available: i64,
    },
}

/// What the blocking call needs of the order, owned.
struct Placing {
    order: NewOrder,
    stock: Vec<StockChange>,
    key: Option<String>,
    document: String,
}

impl SqlOrderStore {
    pub(super) async fn try_place_whole(
        &self,
        order: &NewOrder,
        stock: &[StockChange],
        request_key: Option<&str>,
    ) -> StoreResult<Tried> {
        let document = serde_json::to_string(order)
            .map_err(|e| backend(format!("cannot encode an order: {e}")))?;
        let placing = Placing {
            order: order.clone(),
            stock: stock.to_vec(),
            key: request_key.map(str::to_owned),
            document,
        };
        let (placed, placing) = self
            .db
            .write_whole(move |tx| {
                let finish = place(tx, &placing)?;
                Ok(match finish {
                    Finish::Commit(p) => Finish::Commit((p, placing)),
                    Finish::Rollback(p) => Finish::Rollback((p, placing)),
                })
            })
            .await?;
        Ok(match placed {
            Placed::Created(id) => {
                // The order as just written (what reading it back would decode).
                let order = Order {
                    id,
                    status: OrderStatus::Pending,
                    order: serde_json::from_str(&placing.document)
                        .map_err(|e| backend(format!("cannot decode an order: {e}")))?,
                    payment_method_title: String::new(),
                    transaction_id: None,
                    paid_at: None,
                    stock_reduced: true,
                };
                Tried::Done(Box::new(PlaceOutcome::Created(order)))
            }
            Placed::Resumed(id) => {
                let order = self.read_order(OrderId(id)).await?;
                Tried::Done(Box::new(PlaceOutcome::Resumed(order)))
            }
            Placed::Raced => Tried::Raced,
            Placed::KeyUsed => self
                .used_key(request_key)
                .await?
                .ok_or_else(|| backend("a checkout request vanished while it was read"))?,
            Placed::OutOfStock { item_id, available } => {
                // A key used before answers as it did when it was claimed first.
                match self.used_key(request_key).await? {
                    Some(used) => used,
                    None => Tried::Done(Box::new(PlaceOutcome::OutOfStock { item_id, available })),
                }
            }
        })
    }
}

/// The place transaction's statements (see [`super::place`] for why in this order).
fn place(tx: &WholeTx<'_>, p: &Placing) -> StoreResult<Finish<Placed>> {
    let order = &p.order;
    let now = order.created_at.unix_timestamp();
    let resume = resume_key(order);
    let inserted: Option<i64> = tx.value(
        INSERT_ORDER,
        named_params! {
            "$1": order.key.as_str(),
            "$2": order.currency.code(),
            "$3": order.totals.total.amount_minor(),
            "$4": order.customer_id,
            "$5": order.session.as_str(),
            "$6": order.cart_hash.as_str(),
            "$7": resume.as_str(),
            "$8": now,
            "$9": p.document.as_str(),
        },
    )?;
    let Some(id) = inserted else {
        let Some(open) =
            tx.value::<i64>(FIND_RESUMABLE, named_params! { "$1": resume.as_str() })?
        else {
            return Ok(Finish::Rollback(Placed::Raced));
        };
        return Ok(if claim_key(tx, p, open)? {
            Finish::Commit(Placed::Resumed(open))
        } else {
            Finish::Rollback(Placed::KeyUsed)
        });
    };
    if let Some((item_id, available)) = take_stock(tx, &p.stock)? {
        return Ok(Finish::Rollback(Placed::OutOfStock { item_id, available }));
    }
    insert_lines(tx, id, &order.lines)?;
    record_stock(tx, id, &p.stock)?;
    if !claim_key(tx, p, id)? {
        return Ok(Finish::Rollback(Placed::KeyUsed));
    }
    vitrine_crash::point(vitrine_crash::PLACE_BEFORE_COMMIT);
    Ok(Finish::Commit(Placed::Created(OrderId(id))))
}

/// [`super::place::take_stock`]: the first item short of stock, with what it has.
pub(super) fn take_stock(
    tx: &WholeTx<'_>,
    changes: &[StockChange],
) -> StoreResult<Option<(i64, i64)>> {
    let mut taken = false;
    for change in changes {
        let sql = if change.allow_backorder {
            TAKE_ANY
        } else {
            TAKE_IF_ENOUGH
        };
        let done = tx.execute(
            sql,
            named_params! { "$1": change.item_id, "$2": change.quantity },
        )?;
        if done == 1 {
            taken = true;
            continue;
        }
        let level: Option<i64> = tx.value(STOCK_LEVEL, named_params! { "$1": change.item_id })?;
        if let Some(available) = level {
            return Ok(Some((change.item_id, available.max(0))));
        }
    }
    if taken {
        crate::catalogue::next_change_whole(tx)?;
    }
    Ok(None)
}

/// [`super::place::record_stock`]: what an order took, for a cancel to give back.
pub(super) fn record_stock(tx: &WholeTx<'_>, id: i64, changes: &[StockChange]) -> StoreResult<()> {
    for change in changes {
        tx.execute(
            RECORD_STOCK,
            named_params! { "$1": id, "$2": change.item_id, "$3": change.quantity },
        )?;
    }
    Ok(())
}

fn insert_lines(tx: &WholeTx<'_>, id: i64, lines: &[OrderLine]) -> StoreResult<()> {
    for (position, line) in lines.iter().enumerate() {
        tx.execute(
            INSERT_LINE,
            named_params! {
                "$1": id,
                "$2": i64::try_from(position).unwrap_or(i64::MAX),
                "$3": line.product_id.0,
                "$4": line.variation_id.map(|v| v.0),
                "$5": line.name.as_str(),
                "$6": i64::from(line.quantity),
                "$7": line.total.amount_minor(),
            },
        )?;
    }
    Ok(())
}

/// Records the request's key (if any) for order `id`; `false` when some request recorded it
/// before (the caller rolls back).
fn claim_key(tx: &WholeTx<'_>, p: &Placing, id: i64) -> StoreResult<bool> {
    let Some(key) = p.key.as_deref() else {
        return Ok(true);
    };
    let claimed: Option<String> = tx.value(
        CLAIM_KEY,
        named_params! {
            "$1": key,
            "$2": p.order.cart_hash.as_str(),
            "$3": id,
            "$4": p.order.created_at.unix_timestamp(),
        },
    )?;
    Ok(claimed.is_some())
}
