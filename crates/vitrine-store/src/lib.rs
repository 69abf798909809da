//! Persistence behind the domain's ports, on SQLite (default) or PostgreSQL through one set of
//! SQL statements (ADR 0002). Each area has its own module: `catalogue`, `cart` (ADR 0008), `review`,
//! `account` and `content` (ADR 0010), `brake` (shared brake counts), `tracking` (ADR 0007),
//! `test_provider` (the offline payment provider's ledger, ADR 0014).

mod account;
mod account_details;
mod account_row;
mod adapters;
mod brake;
mod cart;
mod catalogue;
mod content;
mod db;
mod downloads;
mod error;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
mod media;
mod migrate;
mod order;
mod pricing;
mod review;
mod saved_method;
mod sql;
mod stock;
mod test_provider;
mod tracking;

pub use account::SqlAccountStore;
pub use brake::SqlBrakeStore;
pub use cart::SqlCartStore;
pub use catalogue::{SqlCatalogueImport, SqlCatalogueStore};
pub use content::SqlContentStore;
pub use db::{Backend, Database, SqliteTuning, WriterWaitStats};
pub use downloads::DirectoryDownloads;
pub use error::StoreResult;
pub use media::{DirectoryMedia, SqlMediaStore};
pub use order::{SqlCustomerStore, SqlOrderStore};

pub use pricing::SqlPricingSettingsStore;
pub use review::SqlReviewStore;
pub use saved_method::SqlSavedMethodStore;
pub use test_provider::SqlTestLedger;
pub use tracking::SqlTrackingStore;
pub use vitrine_domain::ports::StoreError;
