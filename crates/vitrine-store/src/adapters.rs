//! The adapters over one [`Database`], one constructor each (kept apart from `db` so the
//! database handle does not depend on its adapters).

use vitrine_domain::money::Currency;

use crate::account::SqlAccountStore;
use crate::brake::SqlBrakeStore;
use crate::cart::SqlCartStore;
use crate::catalogue::SqlCatalogueStore;
use crate::content::SqlContentStore;
use crate::db::Database;
use crate::review::SqlReviewStore;
use crate::saved_method::SqlSavedMethodStore;
use crate::test_provider::SqlTestLedger;
use crate::tracking::SqlTrackingStore;

impl Database {
    /// The catalogue adapter (read port plus imports) over this database, for a shop whose
    /// prices are in `base_currency` (see [`SqlCatalogueStore::new`]).
    pub fn catalogue(&self, base_currency: Currency) -> SqlCatalogueStore {
        SqlCatalogueStore::new(self.clone(), base_currency)
    }

    /// The cart adapter (server-side carts by session) over this database. Make one per
    /// process and share it: its clones share the SQLite group writer (see `cart`).
    pub fn carts(&self) -> SqlCartStore {
        SqlCartStore::new(self.clone())
    }

    /// The review adapter over this database.
    pub fn reviews(&self) -> SqlReviewStore {
        SqlReviewStore::new(self.clone())
    }

    /// The account adapter (users and login sessions) over this database.
    pub fn accounts(&self) -> SqlAccountStore {
        SqlAccountStore::new(self.clone())
    }

    /// The brake adapter (counts of logins, reviews and other attempts, shared by every
    /// instance on this database). Make one per process and share it: clones share the timer
    /// that sweeps expired counts.
    pub fn brakes(&self) -> SqlBrakeStore {
        SqlBrakeStore::new(self.clone())
    }

    /// The pricing settings saved through the API (issue 12), over this database.
    pub fn pricing_settings(&self) -> crate::SqlPricingSettingsStore {
        crate::SqlPricingSettingsStore::new(self.clone())
    }

    /// The content-block adapter over this database.
    pub fn content(&self) -> SqlContentStore {
        SqlContentStore::new(self.clone())
    }

    /// The tracking adapter (event ledger, outbox, consent log, attribution) over this database.
    pub fn tracking(&self) -> SqlTrackingStore {
        SqlTrackingStore::new(self.clone())
    }

    /// The offline test payment provider's ledger (ADR 0014) over this database.
    pub fn test_ledger(&self) -> SqlTestLedger {
        SqlTestLedger::new(self.clone())
    }

    /// Saved cards and the accounts' provider customers (issue 15) over this database.
    pub fn saved_methods(&self) -> SqlSavedMethodStore {
        SqlSavedMethodStore::new(self.clone())
    }

    /// Uploaded media's attachment rows (ADR 0016) over this database.
    pub fn media(&self) -> crate::SqlMediaStore {
        crate::SqlMediaStore::new(self.clone())
    }
}
