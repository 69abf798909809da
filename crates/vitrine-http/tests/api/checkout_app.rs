//! A checkout test shop (the fixtures' catalogue, the checkout doubles of
//! `checkout_support`, "now" pinned) and a buyer with a cart cookie.

use std::sync::Arc;

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::ports::CatalogueStore;
use vitrine_http::ShopSettings;

use crate::checkout_support::{CheckoutKit, VISA};
use vitrine_app::checkout::Checkout;

use crate::helpers::{NOW, TestApp, TestResponse, checkout_policies, checkout_state};
use vitrine_domain::catalogue::fixtures::CURRENCY;

/// Beanie: 20.00 on sale at 18.00.
pub const BEANIE: i64 = 48;
/// Album: 15.00, virtual and downloadable.
pub const ALBUM: i64 = 73;

pub struct Shop {
    pub app: TestApp,
    pub kit: CheckoutKit,
    policies: vitrine_app::Policies,
    _downloads: tempfile::TempDir,
}

impl Shop {
    pub async fn open() -> Self {
        Self::with(|_| {}).await
    }

    /// The test shop on `db` (a migrated PostgreSQL schema), else on a temporary SQLite file.
    pub async fn on(db: Option<vitrine_store::Database>) -> Self {
        Self::build(db, |_| {}).await
    }

    /// [`Shop::on`] with the policies `edit` changes.
    pub async fn on_with(
        db: Option<vitrine_store::Database>,
        edit: impl FnOnce(&mut vitrine_app::Policies),
    ) -> Self {
        Self::build(db, edit).await
    }

    /// A shop whose checkout policy `edit` changes (terms, hold time).
    pub async fn with(edit: impl FnOnce(&mut vitrine_app::Policies)) -> Self {
        Self::build(None, edit).await
    }

    async fn build(
        db: Option<vitrine_store::Database>,
        edit: impl FnOnce(&mut vitrine_app::Policies),
    ) -> Self {
        let downloads = tempfile::tempdir().expect("download folder");
        std::fs::write(downloads.path().join("album.jpg"), b"the album").expect("file");
        let kit = CheckoutKit {
            downloads: downloads.path().to_owned(),
            ..CheckoutKit::default()
        };
        let mut policies = checkout_policies(&ShopSettings::default());
        policies.checkout.public_url = "https://shop.example".into();
        edit(&mut policies);
        let app = match db {
            Some(db) => TestApp::checkout_on(db, &kit, policies.clone(), Arc::new(|| NOW)).await,
            None => TestApp::checkout(&kit, policies.clone(), Arc::new(|| NOW)).await,
        };
        Self {
            app,
            kit,
            policies,
            _downloads: downloads,
        }
    }

    /// The shop's checkout use cases, as another instance on the same database sees them.
    pub fn checkout(&self) -> Checkout {
        self.later(0)
    }

    /// The checkout `seconds` after "now" (the jobs' hold and reconcile times).
    pub fn later(&self, seconds: i64) -> Checkout {
        let now = NOW + time::Duration::seconds(seconds);
        let state = checkout_state(
            &self.app.db,
            &self.kit,
            self.policies.clone(),
            Arc::new(move || now),
        );
        state.shop().checkout().clone()
    }

    pub async fn change_product(&self, id: i64, edit: impl FnOnce(&mut Product)) {
        let store = self.app.db.catalogue(CURRENCY);
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

    /// A new buyer with `quantity` of `product` in their cart.
    pub async fn buyer(&self, product: i64, quantity: u32) -> Buyer {
        let mut buyer = Buyer {
            cookie: String::new(),
        };
        buyer.add(self, product, quantity).await;
        buyer
    }

    pub async fn order(&self, id: i64, key: &str) -> TestResponse {
        self.app
            .get(&format!("/api/v1/orders/{id}?key={key}"))
            .await
    }

    pub async fn stock(&self, item: i64) -> Option<i64> {
        use vitrine_domain::order::OrderStore;
        self.app.db.orders().stock_level(item).await.expect("stock")
    }

    /// Rows of a table, to see what a flow stored.
    pub async fn count(&self, table: &str) -> i64 {
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(self.app.db.pool())
            .await
            .expect("count")
    }
}

pub struct Buyer {
    pub cookie: String,
}

impl Buyer {
    pub async fn add(&mut self, shop: &Shop, product: i64, quantity: u32) {
        let body = json!({ "product_id": product, "quantity": quantity });
        let res = shop
            .app
            .send(
                Method::POST,
                "/api/v1/cart/items",
                &self.headers(),
                Some(&body),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        for value in res.headers.get_all("set-cookie") {
            let pair = value
                .to_str()
                .unwrap_or_default()
                .split(';')
                .next()
                .unwrap_or_default();
            if pair.starts_with("vitrine_session=") {
                self.cookie = pair.to_owned();
            }
        }
    }

    pub fn headers(&self) -> Vec<(&str, &str)> {
        if self.cookie.is_empty() {
            Vec::new()
        } else {
            vec![("cookie", self.cookie.as_str())]
        }
    }

    pub async fn checkout(&self, shop: &Shop, key: Option<&str>, form: &Value) -> TestResponse {
        let mut headers = self.headers();
        if let Some(key) = key {
            headers.push(("idempotency-key", key));
        }
        shop.app
            .send(Method::POST, "/api/v1/checkout", &headers, Some(form))
            .await
    }

    pub async fn view(&self, shop: &Shop) -> TestResponse {
        shop.app.get_with("/api/v1/checkout", &self.headers()).await
    }
}

/// A complete checkout form for California paying with `card`.
pub fn form(card: &str) -> Value {
    json!({
        "billing": {
            "first_name": "Ada", "last_name": "Lovelace", "country": "US",
            "address_1": "1 Analytical Way", "city": "Los Angeles", "state": "CA",
            "postcode": "90001", "phone": "555-0100", "email": "ada@example.com"
        },
        "shipping": {},
        "ship_to_different_address": false,
        "order_comments": "Leave at the door",
        "terms": true,
        "shipping_method": "flat_rate:1",
        "payment_method_id": card,
        "attribution": { "source_type": "utm", "source": "newsletter", "medium": "email" }
    })
}

pub fn visa() -> Value {
    form(VISA)
}
