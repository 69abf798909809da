//! Bringing a database to the current schema: the embedded migrations of its backend, then
//! the one-off fills that follow them (listing filter terms of products stored before the
//! filters existed). Apart from `db` so the pool does not depend on the catalogue.

use crate::db::{Backend, Database};
use crate::error::{StoreResult, backend};

impl Database {
    /// Applies the embedded migrations of this backend; already-applied ones are skipped.
    pub async fn migrate(&self) -> StoreResult<()> {
        let migrator = match self.backend() {
            Backend::Sqlite => &crate::db::SQLITE_MIGRATIONS,
            Backend::Postgres => &crate::db::POSTGRES_MIGRATIONS,
        };
        migrator
            .run(self.pool())
            .await
            .map_err(|e| backend(format!("migration failed: {e}")))?;
        crate::catalogue::fill_terms(self.pool()).await?;
        crate::catalogue::fill_images(self.pool()).await
    }
}
