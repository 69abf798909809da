//! A catalogue import: every write in one transaction, each product behind a savepoint.

use async_trait::async_trait;
use sqlx::{Any, Connection, Transaction};
use vitrine_domain::catalogue::{CategoryId, ImageId, Product, ProductId, Slug, TagId};
use vitrine_domain::money::Currency;
use vitrine_domain::ports::{CatalogueImport, UpsertOutcome};

use super::{document, ids, taxonomy, upsert};
use crate::db::Database;
use crate::error::{StoreResult, db_error};

/// Nothing written here is visible to readers until [`CatalogueImport::commit`]; dropping
/// the import rolls everything back. On SQLite it holds the write lock until then.
pub struct SqlCatalogueImport {
    tx: Transaction<'static, Any>,
    base: Currency,
}

impl SqlCatalogueImport {
    pub(super) async fn begin(db: &Database, base: Currency) -> StoreResult<Self> {
        let tx = db.begin_write().await?;
        Ok(Self { tx, base })
    }
}

#[async_trait]
impl CatalogueImport for SqlCatalogueImport {
    async fn ensure_category(
        &mut self,
        parent: Option<CategoryId>,
        name: &str,
    ) -> StoreResult<CategoryId> {
        taxonomy::ensure_category(&mut self.tx, parent, name).await
    }

    async fn ensure_tag(&mut self, name: &str) -> StoreResult<TagId> {
        taxonomy::ensure_tag(&mut self.tx, name).await
    }

    async fn ensure_image(&mut self, source_url: &str) -> StoreResult<ImageId> {
        taxonomy::ensure_image(&mut self.tx, source_url).await
    }

    async fn product_id_by_sku(&mut self, sku: &str) -> StoreResult<Option<ProductId>> {
        ids::by_sku(&mut self.tx, sku).await
    }

    /// As this transaction sees it, so earlier writes of the same import count.
    async fn existing_product(&mut self, id: ProductId) -> StoreResult<Option<Product>> {
        let row = sqlx::query("SELECT id, document FROM products WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut *self.tx)
            .await
            .map_err(db_error)?;
        row.as_ref()
            .map(|r| document::decode_row(r, self.base))
            .transpose()
    }

    async fn allocate_id(&mut self) -> StoreResult<i64> {
        ids::allocate(&mut self.tx).await
    }

    async fn unique_slug(&mut self, wanted: &Slug, for_id: ProductId) -> StoreResult<Slug> {
        ids::unique_slug(&mut self.tx, wanted, for_id).await
    }

    /// A failed upsert (say a duplicate SKU) is rolled back to its savepoint, so the import
    /// can report it and carry on: PostgreSQL would otherwise refuse every later statement.
    async fn upsert_product(&mut self, product: &Product) -> StoreResult<UpsertOutcome> {
        let mut savepoint = self.tx.begin().await.map_err(db_error)?;
        match upsert::upsert(&mut savepoint, product, self.base).await {
            Ok(outcome) => {
                savepoint.commit().await.map_err(db_error)?;
                Ok(outcome)
            }
            Err(err) => {
                savepoint.rollback().await.map_err(db_error)?;
                Err(err)
            }
        }
    }

    async fn commit(self: Box<Self>) -> StoreResult<()> {
        self.tx.commit().await.map_err(db_error)
    }
}
