//! Rows derived from the stored documents, filled in once for products written before their
//! table existed (the filters' terms, migration 0013; the images' products, migration 0022).

use sqlx::{AnyPool, Row};

use crate::error::{StoreResult, db_error};

/// Products read per round.
const FILL_BATCH: i64 = 500;

/// Every stored product's id and document, a batch at a time in id order, for a fill that the
/// counter row `counter` marks done. Safe from several instances at once when the fill leaves
/// rows already there alone.
pub(crate) struct Documents<'a> {
    pool: &'a AnyPool,
    counter: &'static str,
    after: Option<i64>,
}

impl<'a> Documents<'a> {
    /// The documents to fill from, or None when `counter` says the fill was done.
    pub(crate) async fn unless_done(
        pool: &'a AnyPool,
        counter: &'static str,
    ) -> StoreResult<Option<Self>> {
        let done: i64 = sqlx::query_scalar("SELECT last_id FROM id_counters WHERE name = $1")
            .bind(counter)
            .fetch_one(pool)
            .await
            .map_err(db_error)?;
        Ok((done == 0).then_some(Self {
            pool,
            counter,
            after: Some(0),
        }))
    }

    /// The next batch (None after the last).
    pub(crate) async fn next(&mut self) -> StoreResult<Option<Vec<(i64, String)>>> {
        let Some(after) = self.after else {
            return Ok(None);
        };
        let rows =
            sqlx::query("SELECT id, document FROM products WHERE id > $1 ORDER BY id LIMIT $2")
                .bind(after)
                .bind(FILL_BATCH)
                .fetch_all(self.pool)
                .await
                .map_err(db_error)?;
        let batch = rows
            .iter()
            .map(|row| {
                Ok((
                    row.try_get(0).map_err(db_error)?,
                    row.try_get(1).map_err(db_error)?,
                ))
            })
            .collect::<StoreResult<Vec<(i64, String)>>>()?;
        self.after = match batch.last() {
            Some(&(last, _)) if batch.len() == FILL_BATCH as usize => Some(last),
            _ => None,
        };
        Ok((!batch.is_empty()).then_some(batch))
    }

    /// Marks the fill done.
    pub(crate) async fn done(self) -> StoreResult<()> {
        sqlx::query("UPDATE id_counters SET last_id = 1 WHERE name = $1")
            .bind(self.counter)
            .execute(self.pool)
            .await
            .map_err(db_error)?;
        Ok(())
    }
}
