//! The content-block adapter: the owner's saved edits, one row per block.

use async_trait::async_trait;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::content::ContentBlock;
use vitrine_domain::ports::{ContentStore, StoreError};

use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// [`ContentStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlContentStore {
    db: Database,
}

impl SqlContentStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl ContentStore for SqlContentStore {
    async fn block(&self, slug: &str) -> StoreResult<Option<ContentBlock>> {
        let row =
            sqlx::query("SELECT slug, title, body, updated_at FROM content_blocks WHERE slug = $1")
                .bind(slug)
                .fetch_optional(self.db.pool())
                .await
                .map_err(db_error)?;
        row.map(|row| {
            let updated_at: i64 = row.try_get("updated_at").map_err(db_error)?;
            Ok(ContentBlock {
                slug: row.try_get("slug").map_err(db_error)?,
                title: row.try_get("title").map_err(db_error)?,
                body: row.try_get("body").map_err(db_error)?,
                updated_at: Some(
                    OffsetDateTime::from_unix_timestamp(updated_at)
                        .map_err(|_| StoreError::Corrupt("block time out of range".into()))?,
                ),
            })
        })
        .transpose()
    }

    async fn save_block(&self, block: &ContentBlock) -> StoreResult<()> {
        let updated_at = block.updated_at.unwrap_or_else(OffsetDateTime::now_utc);
        let mut tx = self.db.begin_write().await?;
        sqlx::query(
            "INSERT INTO content_blocks (slug, title, body, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (slug) DO UPDATE SET title = excluded.title, body = excluded.body, \
             updated_at = excluded.updated_at",
        )
        .bind(block.slug.as_str())
        .bind(block.title.as_str())
        .bind(block.body.as_str())
        .bind(updated_at.unix_timestamp())
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
        // Blocks show on storefront pages: every instance's kept renders are out of date.
        crate::catalogue::next_change(&mut tx).await?;
        tx.commit().await.map_err(db_error)?;
        Ok(())
    }
}
