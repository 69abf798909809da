//! `TestApp`: the real router over a fresh temporary SQLite database, seeded through the
//! catalogue import port, with "now" pinned.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use time::OffsetDateTime;
use time::macros::datetime;
use tower::ServiceExt;
use vitrine_app::pricing::PricingPolicy;
use vitrine_app::rates::RateRefresher;
use vitrine_app::tracking::TrackingState;
use vitrine_app::{Clock, Ports, Shop};
use vitrine_domain::money::Currency;
use vitrine_http::{AppState, ShopSettings, router};
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};
use vitrine_instagram::{FeedCache, InstagramSettings};
use vitrine_store::Database;

use crate::checkout_rules::two_countries;
use crate::checkout_support::CheckoutKit;
use crate::fixtures;
use vitrine_domain::catalogue::fixtures::CURRENCY;

/// "Now" in every test: sale dates are judged against it.
pub const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

#[derive(Clone)]
pub struct TestApp {
    pub router: Router,
    pub db: Database,
    pub ids: fixtures::Ids,
    file: Arc<TempDb>,
}

/// Removes the database files once the last app using them is gone.
struct TempDb(PathBuf);

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::with_settings(ShopSettings::default()).await
    }

    /// A shop whose social feed is the Instagram adapter with `feed`'s settings.
    pub async fn with_feed(mut settings: ShopSettings, feed: InstagramSettings) -> Self {
        settings.instagram = Some(vitrine_http::FeedBlock {
            title: feed.title.clone(),
            profile_url: feed.profile_url.clone(),
            limit: feed.limit,
        });
        let mut app = Self::with_settings(settings.clone()).await;
        let state = app_state(&app.db, settings, Some(&feed));
        app.router = router(state);
        app
    }

    pub async fn with_settings(settings: ShopSettings) -> Self {
        let (db, path) = temp_database().await;
        let store = Arc::new(db.catalogue(CURRENCY));
        let ids = fixtures::seed(store.as_ref()).await;
        Self::serve(db, path, ids, settings)
    }

    /// The app over WooCommerce's sample CSV, imported with the real importer.
    pub async fn sample() -> Self {
        Self::imported("woocommerce-sample-products.csv").await
    }

    /// The app over one CSV of the import crate's fixtures, imported with the real importer
    /// (`ids` are the sample's).
    pub async fn imported(fixture: &str) -> Self {
        let (db, path) = temp_database().await;
        import_fixture(&db, fixture).await;
        Self::serve(db, path, fixtures::Ids::sample(), ShopSettings::default())
    }

    /// The app over WooCommerce's sample CSV on `db` (migrated; a PostgreSQL schema its
    /// caller drops).
    pub async fn sample_on(db: Database) -> Self {
        import_fixture(&db, "woocommerce-sample-products.csv").await;
        // No file of its own to remove.
        Self::serve(
            db,
            PathBuf::new(),
            fixtures::Ids::sample(),
            ShopSettings::default(),
        )
    }

    /// The fixtures' shop with the checkout's doubles from `kit`, `policies` and `clock`.
    pub async fn checkout(
        kit: &CheckoutKit,
        policies: vitrine_app::Policies,
        clock: Clock,
    ) -> Self {
        let (db, path) = temp_database().await;
        let store = Arc::new(db.catalogue(CURRENCY));
        let ids = fixtures::seed(store.as_ref()).await;
        Self {
            router: router(checkout_state(&db, kit, policies, clock)),
            db,
            ids,
            file: Arc::new(TempDb(path)),
        }
    }

    /// The fixtures' shop on `db` (migrated; a PostgreSQL schema its caller drops) with the
    /// checkout's doubles.
    pub async fn checkout_on(
        db: Database,
        kit: &CheckoutKit,
        policies: vitrine_app::Policies,
        clock: Clock,
    ) -> Self {
        let store = Arc::new(db.catalogue(CURRENCY));
        let ids = fixtures::seed(store.as_ref()).await;
        Self {
            router: router(checkout_state(&db, kit, policies, clock)),
            db,
            ids,
            // No file of its own to remove.
            file: Arc::new(TempDb(PathBuf::new())),
        }
    }

    fn serve(db: Database, path: PathBuf, ids: fixtures::Ids, settings: ShopSettings) -> Self {
        Self {
            router: router(app_state(&db, settings, None)),
            db,
            ids,
            file: Arc::new(TempDb(path)),
        }
    }

    /// This app's catalogue served with other pricing: currencies, discount rules and, when
    /// given, exchange rates refreshed from a source.
    pub fn repriced(self, policy: PricingPolicy, rates: Option<RateRefresher>) -> Self {
        self.rebuilt(Some(policy), |ports| ports.rates = rates)
    }

    /// This app with its uploaded media's files kept by `files` (a double that fails).
    pub fn with_media_files(self, files: Arc<dyn vitrine_domain::media::MediaFiles>) -> Self {
        self.rebuilt(None, |ports| ports.media_files = files)
    }

    /// This app's database behind a new router: default ports changed by `edit`, and the
    /// pricing policy when given.
    fn rebuilt(
        mut self,
        pricing: Option<PricingPolicy>,
        edit: impl FnOnce(&mut vitrine_app::Ports),
    ) -> Self {
        let settings = ShopSettings::default();
        let clock: Clock = Arc::new(|| NOW);
        let mut ports = ports(
            &self.db,
            &settings,
            None,
            None,
            clock,
            &CheckoutKit::default(),
        );
        edit(&mut ports);
        let mut policies = checkout_policies(&settings);
        if let Some(pricing) = pricing {
            policies.pricing = pricing;
        }
        self.router = router(AppState::new(Shop::new(ports, policies), settings));
        self
    }

    /// Another instance over the same database with rendered reads kept per catalogue
    /// version (ADR 0018), reading the change counter on every request.
    pub fn cached_instance(&self) -> Self {
        self.cached_instance_over(self.db.clone())
    }

    /// [`TestApp::cached_instance`] with a connection pool of its own (`db`: the same database).
    pub fn cached_instance_over(&self, db: Database) -> Self {
        let settings = ShopSettings::default();
        let kit = CheckoutKit::default();
        let ports = ports(&db, &settings, None, None, Arc::new(|| NOW), &kit);
        let policies = vitrine_app::Policies {
            read_cache: vitrine_app::read_cache::ReadCachePolicy::exact(16 * 1024 * 1024),
            ..checkout_policies(&settings)
        };
        Self {
            router: router(AppState::new(Shop::new(ports, policies), settings)),
            db,
            ids: self.ids.clone(),
            file: Arc::clone(&self.file),
        }
    }

    /// Another instance over the same database with `settings` and the policies `edit`
    /// changes (its own caches, nothing shared in memory).
    pub fn instance(
        &self,
        settings: ShopSettings,
        edit: impl FnOnce(&mut vitrine_app::Policies),
    ) -> Self {
        let kit = CheckoutKit::default();
        let ports = ports(&self.db, &settings, None, None, Arc::new(|| NOW), &kit);
        let mut policies = checkout_policies(&settings);
        edit(&mut policies);
        Self {
            router: router(AppState::new(Shop::new(ports, policies), settings)),
            db: self.db.clone(),
            ids: self.ids.clone(),
            file: Arc::clone(&self.file),
        }
    }

    /// Another instance over the same database whose search index is `index` (kept on disk,
    /// or a double), its policies changed by `edit`; with its shop, to drive the index.
    pub fn with_search(
        &self,
        index: Arc<dyn vitrine_domain::search::SearchIndex>,
        edit: impl FnOnce(&mut vitrine_app::Policies),
    ) -> (Self, Shop) {
        let settings = ShopSettings::default();
        let kit = CheckoutKit::default();
        let mut ports = ports(&self.db, &settings, None, None, Arc::new(|| NOW), &kit);
        ports.search = index;
        let mut policies = checkout_policies(&settings);
        edit(&mut policies);
        let shop = Shop::new(ports, policies);
        let app = Self {
            router: router(AppState::new(shop.clone(), settings)),
            db: self.db.clone(),
            ids: self.ids.clone(),
            file: Arc::clone(&self.file),
        };
        (app, shop)
    }

    /// A new app process over the same database: nothing cached in memory.
    pub fn restarted(&self) -> Self {
        Self {
            router: router(app_state(&self.db, ShopSettings::default(), None)),
            db: self.db.clone(),
            ids: self.ids.clone(),
            file: Arc::clone(&self.file),
        }
    }

    pub async fn request(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body reads")
            .to_bytes();
        TestResponse {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    pub async fn get(&self, uri: &str) -> TestResponse {
        self.get_with(uri, &[]).await
    }

    pub async fn get_with(&self, uri: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut request = Request::builder().method(Method::GET).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.request(request.body(Body::empty()).expect("request builds"))
            .await
    }

    /// Any method with headers and an optional JSON body.
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
            Some(json) => {
                request = request.header("content-type", "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        self.request(request.body(body).expect("request builds"))
            .await
    }

    /// Any method with headers and a raw body (a webhook's exact bytes).
    pub async fn send_raw(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> TestResponse {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request = request.header("content-type", "application/json");
        let request = request
            .body(Body::from(body.to_owned()))
            .expect("request builds");
        self.request(request).await
    }

    pub async fn post_json(&self, uri: &str, body: &Value) -> TestResponse {
        self.post_raw(uri, Some("application/json"), &body.to_string())
            .await
    }

    pub async fn post_raw(
        &self,
        uri: &str,
        content_type: Option<&str>,
        body: &str,
    ) -> TestResponse {
        let mut request = Request::builder().method(Method::POST).uri(uri);
        if let Some(ct) = content_type {
            request = request.header("content-type", ct);
        }
        let request = request
            .body(Body::from(body.to_owned()))
            .expect("request builds");
        self.request(request).await
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut file = self.0.clone().into_os_string();
            file.push(suffix);
            let _ = std::fs::remove_file(file);
        }
    }
}

/// Imports one CSV of the import crate's fixtures into `db` with the real importer.
async fn import_fixture(db: &Database, fixture: &str) {
    let store = db.catalogue(CURRENCY);
    let csv = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../vitrine-import/tests/fixtures")
        .join(fixture);
    let file = std::fs::File::open(&csv).expect("the CSV is in the import crate");
    let options = ImportOptions {
        now: NOW,
        ..ImportOptions::new(Currency::USD)
    };
    import_woocommerce_csv(file, &store, options, &NoProgress)
        .await
        .unwrap_or_else(|e| panic!("{fixture} imports: {e}"));
}

pub async fn temp_database() -> (Database, PathBuf) {
    let path = std::env::temp_dir().join(format!("vitrine-http-{}.db", uuid::Uuid::new_v4()));
    let db = Database::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("temporary database opens");
    db.migrate().await.expect("migrations run");
    (db, path)
}

/// The JSON inlined in a page's `<script id="vitrine-data">`.
pub fn inline_data(html: &str) -> Value {
    let open = "<script id=\"vitrine-data\" type=\"application/json\">";
    let start = html.find(open).expect("page data script present") + open.len();
    let end = start + html[start..].find("</script>").expect("script closes");
    serde_json::from_str(&html[start..end]).expect("inline data is JSON")
}

/// Every JSON-LD document of a page.
pub fn json_ld(html: &str) -> Vec<Value> {
    let open = "<script type=\"application/ld+json\">";
    html.match_indices(open)
        .map(|(at, _)| {
            let start = at + open.len();
            let end = start + html[start..].find("</script>").expect("script closes");
            serde_json::from_str(&html[start..end]).expect("JSON-LD is JSON")
        })
        .collect()
}

/// The password every test user gets.
pub const PASSWORD: &str = "correct horse battery";

/// A logged-in browser: its cookie header and nonce.
#[derive(Debug, Clone)]
pub struct Login {
    pub cookie: String,
    pub nonce: String,
}

impl Login {
    /// Cookie plus nonce, as the web client sends them.
    pub fn headers(&self) -> [(&str, &str); 2] {
        [
            ("cookie", self.cookie.as_str()),
            ("x-wp-nonce", self.nonce.as_str()),
        ]
    }
}

impl TestApp {
    /// Adds a user with `PASSWORD` straight through the account store.
    pub async fn add_user(&self, email: &str, role: vitrine_domain::account::Role) {
        use vitrine_domain::ports::AccountStore;
        let email = vitrine_domain::account::Email::parse(email).expect("valid email");
        let user = vitrine_domain::account::NewUser {
            display_name: email.local_part().to_owned(),
            email,
            role,
            password_hash: vitrine_app::accounts::password::hash(PASSWORD).expect("hash"),
        };
        self.db
            .accounts()
            .create_user(&user)
            .await
            .expect("user added");
    }

    /// Logs in through the API.
    pub async fn login(&self, email: &str) -> Login {
        let body = serde_json::json!({ "login": email, "password": PASSWORD });
        let res = self.post_json("/api/v1/account/login", &body).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let set_cookie = res.header("set-cookie");
        let cookie = set_cookie
            .split(';')
            .next()
            .expect("cookie pair")
            .to_owned();
        let nonce = res.json()["account"]["nonce"]
            .as_str()
            .expect("nonce")
            .to_owned();
        Login { cookie, nonce }
    }
}

/// The web layer over an application with every port on `db`, the clock pinned to `NOW`, and
/// the Instagram adapter when `feed` is given.
pub fn app_state(
    db: &Database,
    settings: ShopSettings,
    feed: Option<&InstagramSettings>,
) -> AppState {
    tracked_state(db, settings, feed, None)
}

/// [`app_state`] with server-side tracking on.
pub fn tracked_state(
    db: &Database,
    settings: ShopSettings,
    feed: Option<&InstagramSettings>,
    tracking: Option<TrackingState>,
) -> AppState {
    state_with(db, settings, feed, tracking, Arc::new(|| NOW))
}

/// [`app_state`] whose "now" is `clock` (brakes refilling, sessions expiring).
pub fn clocked_state(db: &Database, settings: ShopSettings, clock: Clock) -> AppState {
    state_with(db, settings, None, None, clock)
}

fn state_with(
    db: &Database,
    settings: ShopSettings,
    feed: Option<&InstagramSettings>,
    tracking: Option<TrackingState>,
    clock: Clock,
) -> AppState {
    let kit = CheckoutKit::default();
    let ports = ports(db, &settings, feed, tracking, clock, &kit);
    let shop = Shop::new(ports, checkout_policies(&settings));
    AppState::new(shop, settings)
}

/// The shop's policies with the checkout tests' two-country rules.
pub fn checkout_policies(settings: &ShopSettings) -> vitrine_app::Policies {
    vitrine_app::Policies {
        checkout: two_countries(),
        ..settings.policies()
    }
}

/// The web layer over every port on `db` with the checkout's doubles from `kit` and the
/// download files in `downloads`.
pub fn checkout_state(
    db: &Database,
    kit: &CheckoutKit,
    policies: vitrine_app::Policies,
    clock: Clock,
) -> AppState {
    // Behind one trusted proxy, so a test can name the client (`x-forwarded-for`) for the
    // payment brakes; without the header every request is the same unknown client.
    let settings = ShopSettings {
        trusted_proxy_hops: 1,
        ..ShopSettings::default()
    };
    let ports = ports(db, &settings, None, None, clock, kit);
    AppState::new(Shop::new(ports, policies), settings)
}

fn ports(
    db: &Database,
    settings: &ShopSettings,
    feed: Option<&InstagramSettings>,
    tracking: Option<TrackingState>,
    clock: Clock,
    kit: &CheckoutKit,
) -> Ports {
    let feed = feed.map(|f| {
        Arc::new(FeedCache::from_settings(f).expect("valid Instagram settings"))
            as Arc<dyn vitrine_domain::ports::SocialFeed>
    });
    Ports {
        catalogue: Arc::new(db.catalogue(settings.base_currency)),
        search: Arc::new(vitrine_search::TantivyIndex::in_memory().expect("search index")),
        carts: Arc::new(db.carts()),
        reviews: Arc::new(db.reviews()),
        accounts: Arc::new(db.accounts()),
        content: Arc::new(db.content()),
        brakes: Arc::new(db.brakes()),
        feed,
        tracking,
        rates: None,
        pricing_settings: Arc::new(db.pricing_settings()),
        orders: Arc::new(db.orders()),
        customers: Arc::new(db.customers()),
        payments: kit.cards.on(db) as Arc<dyn vitrine_domain::payment::PaymentProvider>,
        mailer: Arc::clone(&kit.mail) as Arc<dyn vitrine_domain::mail::Mailer>,
        downloads: Arc::new(vitrine_store::DirectoryDownloads::new(
            kit.downloads.clone(),
        )),
        saved_methods: Arc::new(db.saved_methods()),
        media: Arc::new(db.media()),
        media_files: Arc::new(crate::helpers::scratch_media()),
        clock,
    }
}

/// A fresh folder for one shop's uploaded media (ADR 0016): attachment ids restart with
/// every test database, so shops must not share one.
pub fn scratch_media() -> vitrine_store::DirectoryMedia {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    vitrine_store::DirectoryMedia::new(
        std::env::temp_dir().join(format!("vitrine-media-{}-{n}", std::process::id())),
    )
}
