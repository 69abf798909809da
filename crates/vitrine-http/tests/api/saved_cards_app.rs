//! A shop with the real offline test provider for the saved-card tests (issue 15), on SQLite
//! or — when `VITRINE_TEST_POSTGRES_URL` is set — on a throwaway PostgreSQL schema, and its
//! customers: logged in, each with a cart cookie.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::postgres::PgConnection;
use tower::ServiceExt;
use vitrine_app::{Ports, Shop};
use vitrine_domain::account::{Email, NewUser, Role};
use vitrine_domain::catalogue::fixtures::CURRENCY;
use vitrine_domain::ports::AccountStore;
use vitrine_http::{AppState, ShopSettings, router_with_test_provider};
use vitrine_payments::cards::CardInput;
use vitrine_payments::clock::ManualClock;
use vitrine_payments::test_provider::BillingDetails;
use vitrine_payments::webhook::WebhookSecret;
use vitrine_payments::{TestProvider, TestProviderConfig, WebhookSink};
use vitrine_store::Database;

use crate::checkout_support::CheckoutKit;
use crate::fixtures;
use crate::helpers::{NOW, PASSWORD, TestResponse, checkout_policies, temp_database};

/// Where a shop keeps its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct CardShop {
    pub router: Router,
    pub db: Database,
    pub provider: Arc<TestProvider>,
    _kit: CheckoutKit,
    place: Place,
}

/// What to remove at the end: the SQLite file, or the PostgreSQL schema (see `finish`).
enum Place {
    File(std::path::PathBuf),
    Schema(Option<(String, PgConnection)>),
}

impl Drop for CardShop {
    fn drop(&mut self) {
        if let Place::File(path) = &self.place {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// A logged-in customer: their auth cookie, cart cookie and nonce.
pub struct Customer {
    pub cookies: String,
    pub nonce: String,
}

async fn database(backend: Backend) -> Option<(Database, Place)> {
    match backend {
        Backend::Sqlite => {
            let (db, path) = temp_database().await;
            Some((db, Place::File(path)))
        }
        Backend::Postgres => {
            let (name, url, admin) = crate::cart_instances::schema().await?;
            let db = Database::connect(&url).await.expect("connect");
            db.migrate().await.expect("migrate");
            Some((db, Place::Schema(Some((name, admin)))))
        }
    }
}

impl CardShop {
    /// `None` on PostgreSQL without `VITRINE_TEST_POSTGRES_URL` (the test then passes as
    /// skipped, saying so on stderr).
    pub async fn open(backend: Backend) -> Option<Self> {
        let (db, place) = database(backend).await?;
        let store = Arc::new(db.catalogue(CURRENCY));
        fixtures::seed(store.as_ref()).await;
        let secret = WebhookSecret::new("whsec_test_offline").expect("secret");
        let config = TestProviderConfig::new(secret, WebhookSink::Manual);
        let clock = Arc::new(ManualClock::at(NOW.unix_timestamp()));
        let provider = TestProvider::new(config, Arc::new(db.test_ledger()), clock);
        let kit = CheckoutKit::default();
        let settings = ShopSettings::default();
        let mut policies = checkout_policies(&settings);
        policies.checkout.public_url = "https://shop.example".into();
        let ports = Ports {
            catalogue: Arc::new(db.catalogue(settings.base_currency)),
            search: Arc::new(vitrine_search::TantivyIndex::in_memory().expect("index")),
            carts: Arc::new(db.carts()),
            reviews: Arc::new(db.reviews()),
            accounts: Arc::new(db.accounts()),
            customers: Arc::new(db.customers()),
            pricing_settings: Arc::new(db.pricing_settings()),
            content: Arc::new(db.content()),
            brakes: Arc::new(db.brakes()),
            feed: None,
            tracking: None,
            rates: None,
            orders: Arc::new(db.orders()),
            payments: Arc::clone(&provider) as Arc<dyn vitrine_domain::payment::PaymentProvider>,
            mailer: Arc::clone(&kit.mail) as Arc<dyn vitrine_domain::mail::Mailer>,
            downloads: Arc::new(vitrine_store::DirectoryDownloads::new(
                kit.downloads.clone(),
            )),
            saved_methods: Arc::new(db.saved_methods()),
            media: Arc::new(db.media()),
            media_files: Arc::new(crate::helpers::scratch_media()),
            clock: Arc::new(|| NOW),
        };
        let state = AppState::new(Shop::new(ports, policies), settings);
        Some(Self {
            router: router_with_test_provider(state, Arc::clone(&provider)),
            db,
            provider,
            _kit: kit,
            place,
        })
    }

    /// Drops the PostgreSQL schema (the SQLite file goes on drop).
    pub async fn finish(mut self) {
        if let Place::Schema(taken) = &mut self.place
            && let Some((name, mut admin)) = taken.take()
        {
            self.db.pool().close().await;
            sqlx::raw_sql(&format!("DROP SCHEMA {name} CASCADE"))
                .execute(&mut admin)
                .await
                .expect("drop schema");
        }
    }

    pub async fn send(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> TestResponse {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let body = match body {
            Some(body) => {
                request = request.header("content-type", "application/json");
                Body::from(body.to_string())
            }
            None => Body::empty(),
        };
        let response = self
            .router
            .clone()
            .oneshot(request.body(body).expect("request"))
            .await
            .expect("the router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        TestResponse {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    /// A customer account, logged in, with one `product` in their cart.
    pub async fn customer(&self, email: &str, product: i64) -> Customer {
        let user = NewUser {
            email: Email::parse(email).expect("email"),
            display_name: "Ada".into(),
            role: Role::Customer,
            password_hash: vitrine_app::accounts::password::hash(PASSWORD).expect("hash"),
        };
        self.db.accounts().create_user(&user).await.expect("user");
        let login = json!({ "login": email, "password": PASSWORD });
        let res = self
            .send(Method::POST, "/api/v1/account/login", &[], Some(&login))
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let auth = cookie_pair(&res, "vitrine_auth=");
        let nonce = res.json()["account"]["nonce"]
            .as_str()
            .expect("nonce")
            .to_owned();
        let mut customer = Customer {
            cookies: auth,
            nonce,
        };
        self.add_to_cart(&mut customer, product).await;
        customer
    }

    pub async fn add_to_cart(&self, customer: &mut Customer, product: i64) {
        let body = json!({ "product_id": product, "quantity": 1 });
        let res = self
            .send(
                Method::POST,
                "/api/v1/cart/items",
                &customer.headers(),
                Some(&body),
            )
            .await;
        assert_eq!(res.status, 200, "{}", res.text);
        let session = cookie_pair(&res, "vitrine_session=");
        if !session.is_empty() && !customer.cookies.contains("vitrine_session=") {
            customer.cookies = format!("{}; {session}", customer.cookies);
        }
    }

    /// A payment method as the browser makes it from a typed card (`4242424242424242`).
    pub async fn card(&self, number: &str) -> String {
        let card = CardInput {
            number: number.to_owned(),
            exp_month: 12,
            exp_year: 2030,
            cvc: "123".to_owned(),
        };
        self.provider
            .create_card_payment_method(&card, BillingDetails::default())
            .await
            .expect("card accepted")
            .id
    }

    pub async fn count(&self, table: &str) -> i64 {
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(self.db.pool())
            .await
            .expect("count")
    }
}

impl Customer {
    pub fn headers(&self) -> Vec<(&str, &str)> {
        vec![
            ("cookie", self.cookies.as_str()),
            ("x-wp-nonce", self.nonce.as_str()),
        ]
    }
}

fn cookie_pair(res: &TestResponse, prefix: &str) -> String {
    res.headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .find(|pair| pair.starts_with(prefix))
        .unwrap_or_default()
        .to_owned()
}
