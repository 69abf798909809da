//! My account test kit (issue 15): signed-in customers with a cart, their calls with the
//! login cookie and nonce, and each story run on SQLite and — when
//! `VITRINE_TEST_POSTGRES_URL` is set — on a throwaway PostgreSQL schema.

use std::future::Future;

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_domain::account::Role;
use vitrine_store::Database;

use crate::checkout_app::{Buyer, Shop, form};
use crate::checkout_support::VISA;
use crate::helpers::{Login, TestResponse};

/// Runs `story` on a SQLite shop.
pub async fn on_sqlite<F, Fut>(story: F)
where
    F: FnOnce(Shop) -> Fut,
    Fut: Future<Output = ()>,
{
    story(Shop::on(None).await).await;
}

/// Runs `story` on a shop over a new PostgreSQL schema, dropped afterwards; skipped (with a
/// note) without `VITRINE_TEST_POSTGRES_URL`.
pub async fn on_postgres<F, Fut>(story: F)
where
    F: FnOnce(Shop) -> Fut,
    Fut: Future<Output = ()>,
{
    let Some((name, url, mut admin)) = crate::cart_instances::schema().await else {
        return;
    };
    let db = Database::connect(&url).await.expect("pool");
    db.migrate().await.expect("migrate");
    story(Shop::on(Some(db.clone())).await).await;
    db.close().await;
    sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
        .execute(&mut admin)
        .await
        .expect("drop schema");
}

/// One test per story and database: `sqlite_<story>` and `postgres_<story>`.
macro_rules! on_both {
    ($($story:ident),* $(,)?) => {
        pub mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $story() {
                    crate::account_area_app::on_sqlite(super::$story).await;
                }
            )*
        }
        pub mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $story() {
                    crate::account_area_app::on_postgres(super::$story).await;
                }
            )*
        }
    };
}
pub(crate) use on_both;

/// A signed-in customer with their own cart.
pub struct Customer {
    pub buyer: Buyer,
    pub login: Login,
}

impl Customer {
    pub async fn sign_in(shop: &Shop, email: &str) -> Self {
        shop.app.add_user(email, Role::Customer).await;
        Self {
            buyer: Buyer {
                cookie: String::new(),
            },
            login: shop.app.login(email).await,
        }
    }

    fn cookie(&self) -> String {
        [self.buyer.cookie.as_str(), self.login.cookie.as_str()]
            .iter()
            .filter(|c| !c.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub async fn send(
        &self,
        shop: &Shop,
        method: Method,
        uri: &str,
        body: Option<&Value>,
    ) -> TestResponse {
        let cookie = self.cookie();
        let headers = [
            ("cookie", cookie.as_str()),
            ("x-wp-nonce", self.login.nonce.as_str()),
        ];
        shop.app.send(method, uri, &headers, body).await
    }

    pub async fn get(&self, shop: &Shop, uri: &str) -> TestResponse {
        self.send(shop, Method::GET, uri, None).await
    }

    /// Puts `quantity` of `product` in the cart and checks out with `order` (a form).
    pub async fn buy(
        &mut self,
        shop: &Shop,
        product: i64,
        quantity: u32,
        order: &Value,
    ) -> TestResponse {
        self.buyer.add(shop, product, quantity).await;
        self.send(shop, Method::POST, "/api/v1/checkout", Some(order))
            .await
    }

    /// Buys with the Visa test card and answers the paid order's id.
    pub async fn buy_paid(&mut self, shop: &Shop, product: i64, quantity: u32) -> i64 {
        let res = self.buy(shop, product, quantity, &form(VISA)).await;
        assert_eq!(res.status, 200, "{}", res.text);
        res.json()["order_id"].as_i64().expect("order id")
    }
}

/// A US billing address as the form sends it.
pub fn billing_in(city: &str, postcode: &str) -> Value {
    json!({
        "first_name": "Ada", "last_name": "Lovelace", "country": "US",
        "address_1": "1 Analytical Way", "city": city, "state": "CA",
        "postcode": postcode, "phone": "555-0100", "email": "ada@example.com"
    })
}
