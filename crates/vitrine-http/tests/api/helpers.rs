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
use vitrine_domain::money::Currency;
use vitrine_http::{AppState, ShopSettings, router};
use vitrine_import::{ImportOptions, NoProgress, import_woocommerce_csv};
use vitrine_store::Database;

use crate::fixtures;

/// "Now" in every test: sale dates are judged against it.
pub const NOW: OffsetDateTime = datetime!(2026-11-22 12:00 UTC);

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

    pub async fn with_settings(settings: ShopSettings) -> Self {
        let (db, path) = temp_database().await;
        let store = Arc::new(db.catalogue());
        let ids = fixtures::seed(store.as_ref()).await;
        Self::serve(db, path, ids, settings)
    }

    /// The app over WooCommerce's sample CSV, imported with the real importer.
    pub async fn sample() -> Self {
        let (db, path) = temp_database().await;
        let store = db.catalogue();
        let csv = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../vitrine-import/tests/fixtures/woocommerce-sample-products.csv");
        let file = std::fs::File::open(&csv).expect("the sample CSV is in the import crate");
        let options = ImportOptions {
            now: NOW,
            ..ImportOptions::new(Currency::USD)
        };
        import_woocommerce_csv(file, &store, options, &NoProgress)
            .await
            .expect("the sample imports");
        Self::serve(db, path, fixtures::Ids::sample(), ShopSettings::default())
    }

    fn serve(db: Database, path: PathBuf, ids: fixtures::Ids, settings: ShopSettings) -> Self {
        let store = Arc::new(db.catalogue());
        let state = AppState::with_clock(store, settings, Arc::new(|| NOW))
            .with_reviews(Arc::new(db.reviews()));
        Self {
            router: router(state),
            db,
            ids,
            file: Arc::new(TempDb(path)),
        }
    }

    /// A new app process over the same database: nothing cached in memory.
    pub fn restarted(&self) -> Self {
        let store = Arc::new(self.db.catalogue());
        let state = AppState::with_clock(store, ShopSettings::default(), Arc::new(|| NOW))
            .with_reviews(Arc::new(self.db.reviews()));
        Self {
            router: router(state),
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

async fn temp_database() -> (Database, PathBuf) {
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
