//! `CartApp`: the real router with server-side carts over a temporary SQLite database holding
//! WooCommerce's sample CSV and the demo bundle (imported by the real importer), plus a few
//! products given stock, quantity rules, a draft and cross-sells.

use std::collections::BTreeMap;
use std::path::PathBuf;

use axum::Router;
use vitrine_domain::cart::{Cart, SessionId};
use vitrine_domain::catalogue::{
    Backorders, Product, ProductId, ProductStatus, QuantityRules, Slug,
};
use vitrine_domain::money::Currency;
use vitrine_domain::ports::{CartStore, CatalogueStore};
use vitrine_http::{ShopSettings, router};
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};
use vitrine_store::Database;

pub use crate::cart_shopper::{Reply, Shopper, quantity_of};
use crate::helpers::{NOW, app_state};
use vitrine_domain::catalogue::fixtures::CURRENCY;

/// Sample ids (WooCommerce's own) used by the cart tests.
pub const HOODIE: i64 = 45;
pub const RED_NO: i64 = 79;
pub const BLUE_YES: i64 = 90;
pub const WITH_LOGO: i64 = 46;
pub const TSHIRT: i64 = 47;
pub const BEANIE: i64 = 48;
/// Stock 3, no backorders.
pub const BELT: i64 = 58;
/// Stock 0 with backorders allowed.
pub const CAP: i64 = 60;
/// min 2, max 6, step 2.
pub const POLO: i64 = 70;
/// A draft.
pub const LONG_SLEEVE: i64 = 68;
/// Sold individually.
pub const ALBUM: i64 = 73;
pub const COLLECTION: i64 = 87;
pub const PENNANT: i64 = 89;

pub struct CartApp {
    pub db: Database,
    /// The demo bundle: Hoodie with Logo ×1 at 40.00 and Beanie ×1 at 16.00 plus 5.00.
    pub bundle: i64,
    path: PathBuf,
}

impl CartApp {
    pub async fn start() -> Self {
        let path = std::env::temp_dir().join(format!("vitrine-cart-{}.db", uuid::Uuid::new_v4()));
        let db = Database::connect(&format!("sqlite://{}", path.display()))
            .await
            .expect("temporary database opens");
        db.migrate().await.expect("migrations run");
        let store = db.catalogue(CURRENCY);
        let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data");
        for file in ["woocommerce-sample-products.csv", "demo-extras.csv"] {
            let csv = std::fs::File::open(data.join(file)).expect("sample CSV present");
            let options = ImportOptions {
                now: NOW,
                ..ImportOptions::new(Currency::USD)
            };
            import_woocommerce_csv(csv, &store, options, &NoProgress)
                .await
                .expect("the sample imports");
        }
        adjust_sample(&store).await;
        let slug = Slug::parse("hoodie-beanie-bundle").expect("slug");
        let bundle = store
            .product_by_slug(&slug)
            .await
            .expect("read")
            .expect("bundle imported");
        Self {
            db,
            bundle: bundle.id.0,
            path,
        }
    }

    /// A fresh server instance over the shared database (nothing shared in memory).
    pub fn instance(&self) -> Router {
        router(app_state(&self.db, ShopSettings::default(), None))
    }

    /// A new shopper (no cookies) talking to a new instance.
    pub fn shopper(&self) -> Shopper {
        Shopper {
            router: self.instance(),
            cookies: BTreeMap::new(),
        }
    }

    /// The cart stored for a session id, read through the port.
    pub async fn stored_cart(&self, session: &str) -> Option<Cart> {
        let id = SessionId::parse(session).expect("a well-formed session id");
        let stored = self.db.carts().load_cart(&id).await.expect("load cart");
        stored.map(|s| s.cart)
    }

    /// Changes a stored product through the import port.
    pub async fn change_product(&self, id: i64, edit: impl FnOnce(&mut Product)) {
        let store = self.db.catalogue(CURRENCY);
        let mut product = store
            .product_by_id(ProductId(id))
            .await
            .expect("read")
            .expect("stored");
        edit(&mut product);
        let mut import = store.begin_import().await.expect("begin");
        import.upsert_product(&product).await.expect("upsert");
        import.commit().await.expect("commit");
    }
}

impl Drop for CartApp {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut file = self.path.clone().into_os_string();
            file.push(suffix);
            let _ = std::fs::remove_file(file);
        }
    }
}

/// Stock, rules, a draft and cross-sells the sample file does not have.
async fn adjust_sample(store: &dyn CatalogueStore) {
    let mut import = store.begin_import().await.expect("begin");
    for id in [BELT, CAP, POLO, LONG_SLEEVE, ALBUM, HOODIE] {
        let mut p = store
            .product_by_id(ProductId(id))
            .await
            .expect("read")
            .expect("in sample");
        match id {
            BELT => p.inventory.stock_quantity = Some(3),
            CAP => {
                p.inventory.stock_quantity = Some(0);
                p.inventory.backorders = Backorders::Yes;
            }
            POLO => {
                p.inventory.quantity = QuantityRules {
                    min: 2,
                    max: Some(6),
                    step: 2,
                }
            }
            LONG_SLEEVE => p.status = ProductStatus::Draft,
            ALBUM => p.inventory.sold_individually = true,
            _ => p.cross_sells = vec![ProductId(BEANIE), ProductId(CAP)],
        }
        import.upsert_product(&p).await.expect("upsert");
    }
    import.commit().await.expect("commit");
}
