//! The search index at start (ADR 0021): kept on disk, a restart opens it and catches up only
//! what changed; an unreadable one is built again; while a first build runs, searches wait
//! for it (up to the configured wait, then 503 `search_unavailable`) and answer from it; kept
//! suggestions follow every catalogue write.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use vitrine_app::Shop;
use vitrine_app::read_cache::ReadCachePolicy;
use vitrine_domain::catalogue::{
    CategoryId, FilterCounts, ListingSort, PageRequest, ProductId, fixtures,
};
use vitrine_domain::ports::CatalogueStore;
use vitrine_domain::search::{
    SearchDocument, SearchError, SearchFilter, SearchHits, SearchIndex, SearchText,
};
use vitrine_search::TantivyIndex;

use crate::helpers::TestApp;

async fn suggested(app: &TestApp, query: &str) -> Vec<String> {
    let response = app
        .get(&format!("/api/v1/search/suggestions?q={query}"))
        .await;
    assert_eq!(response.status, 200, "{query}: {}", response.text);
    names(&response.json())
}

fn names(body: &serde_json::Value) -> Vec<String> {
    body["suggestions"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s["value"].as_str().expect("a name").to_owned())
        .collect()
}

async fn add_gizmo(app: &TestApp) {
    let store = app.db.catalogue(fixtures::CURRENCY);
    let mut import = store.begin_import().await.expect("import");
    let gizmo = fixtures::simple_product(9001, "Gizmo", 1200);
    import.upsert_product(&gizmo).await.expect("upsert");
    import.commit().await.expect("commit");
}

fn on_disk(app: &TestApp, dir: &std::path::Path) -> (TestApp, Shop) {
    let index = TantivyIndex::open(dir).expect("index on disk");
    app.with_search(Arc::new(index), |_| {})
}

#[tokio::test]
async fn a_restart_opens_the_index_on_disk_and_reads_only_what_changed() {
    let app = TestApp::sample().await;
    let dir = tempfile::tempdir().expect("dir");
    let (first, shop) = on_disk(&app, dir.path());
    assert!(!shop.search().ready(), "a new directory holds no build");
    let built = shop.search().refresh().await.expect("built");
    assert!(built.full);
    assert!(built.products > 10, "the sample catalogue: {built:?}");
    let hoodies = suggested(&first, "hoo").await;
    assert_eq!(hoodies.first().map(String::as_str), Some("Hoodie"));
    drop((first, shop));

    add_gizmo(&app).await;
    let (second, shop) = on_disk(&app, dir.path());
    assert!(
        shop.search().ready(),
        "answers from disk before catching up"
    );
    let caught = shop.search().refresh().await.expect("caught up");
    assert!(!caught.full);
    assert_eq!(caught.products, 1, "only the product written since");
    assert_eq!(suggested(&second, "gizmo").await, ["Gizmo"]);
    assert_eq!(suggested(&second, "hoo").await, hoodies);
}

#[tokio::test]
async fn an_unreadable_index_on_disk_is_built_again() {
    let app = TestApp::sample().await;
    let dir = tempfile::tempdir().expect("dir");
    let (first, shop) = on_disk(&app, dir.path());
    let built = shop.search().refresh().await.expect("built");
    drop((first, shop));
    std::fs::write(dir.path().join("meta.json"), b"\0\0 torn write").expect("corrupt");

    let (second, shop) = on_disk(&app, dir.path());
    assert!(!shop.search().ready());
    let again = shop.search().refresh().await.expect("built again");
    assert!(again.full);
    assert_eq!(again.products, built.products);
    assert_eq!(
        suggested(&second, "hodie")
            .await
            .first()
            .map(String::as_str),
        Some("Hoodie")
    );
}

/// An index whose batches wait at a gate: the first build stays under way until it opens.
struct Gated {
    index: TantivyIndex,
    entered: AtomicBool,
    open: AtomicBool,
}

impl Gated {
    fn new() -> Arc<Self> {
        Arc::new(Self {
            index: TantivyIndex::in_memory().expect("index"),
            entered: AtomicBool::new(false),
            open: AtomicBool::new(false),
        })
    }

    async fn building(&self) {
        while !self.entered.load(Ordering::Acquire) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

impl SearchIndex for Gated {
    fn stage(
        &self,
        up: &[SearchDocument],
        rm: &[ProductId],
        clear: bool,
    ) -> Result<(), SearchError> {
        self.entered.store(true, Ordering::Release);
        while !self.open.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.index.stage(up, rm, clear)
    }
    fn publish(&self, version: i64) -> Result<(), SearchError> {
        self.index.publish(version)
    }
    fn published(&self) -> Option<i64> {
        self.index.published()
    }
    fn suggest(
        &self,
        t: &SearchText,
        c: Option<CategoryId>,
        n: usize,
    ) -> Result<Vec<ProductId>, SearchError> {
        self.index.suggest(t, c, n)
    }
    fn search(
        &self,
        t: &SearchText,
        f: &SearchFilter,
        s: ListingSort,
        p: PageRequest,
    ) -> Result<SearchHits, SearchError> {
        self.index.search(t, f, s, p)
    }
    fn filter_counts(&self, t: &SearchText, f: &SearchFilter) -> Result<FilterCounts, SearchError> {
        self.index.filter_counts(t, f)
    }
    fn len(&self) -> Result<u64, SearchError> {
        self.index.len()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_the_first_build_runs_a_search_waits_for_it_and_answers_in_full() {
    let app = TestApp::sample().await;
    let expected = suggested(&app, "hoo").await;
    let gated = Gated::new();
    let (starting, shop) = app.with_search(gated.clone(), |_| {});
    let _following = shop.search().follow(Duration::from_secs(60));
    gated.building().await;
    assert!(!shop.search().ready());

    let asking = starting.clone();
    let asked = tokio::spawn(async move { asking.get("/api/v1/search/suggestions?q=hoo").await });
    let results = starting.clone();
    let listed = tokio::spawn(async move { results.get("/api/v1/products?search=hoo").await });
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert!(
        !asked.is_finished() && !listed.is_finished(),
        "they wait for the build"
    );

    gated.open.store(true, Ordering::Release);
    let answer = asked.await.expect("answered");
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(
        names(&answer.json()),
        expected,
        "the whole catalogue, as ranked"
    );
    let listing = listed.await.expect("listed");
    assert_eq!(listing.status, 200, "{}", listing.text);
    assert_eq!(listing.json()["meta"]["total"], expected.len() as u64);
    assert!(shop.search().ready());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_wait_a_search_is_a_503_search_unavailable_until_the_build_is_done() {
    let app = TestApp::sample().await;
    let gated = Gated::new();
    let (starting, shop) = app.with_search(gated.clone(), |p| {
        p.search_wait = Duration::from_millis(50);
    });
    let _following = shop.search().follow(Duration::from_secs(60));
    gated.building().await;

    let busy = starting.get("/api/v1/search/suggestions?q=hoo").await;
    assert_eq!(busy.status, 503, "{}", busy.text);
    assert_eq!(busy.json()["code"], "search_unavailable");

    gated.open.store(true, Ordering::Release);
    while !shop.search().ready() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(
        suggested(&starting, "hoo")
            .await
            .first()
            .map(String::as_str),
        Some("Hoodie")
    );
}

#[tokio::test]
async fn a_kept_suggestion_answers_304_for_its_tag_and_a_catalogue_write_renews_it() {
    let app = TestApp::sample().await;
    let (cached, _shop) =
        app.with_search(Arc::new(TantivyIndex::in_memory().expect("index")), |p| {
            p.read_cache = ReadCachePolicy::exact(16 * 1024 * 1024);
        });
    let uri = "/api/v1/search/suggestions?q=giz";
    let first = cached.get(uri).await;
    assert_eq!(first.status, 200, "{}", first.text);
    assert!(names(&first.json()).is_empty());
    let tag = first.header("etag").to_owned();
    assert!(tag.starts_with('"'), "a strong tag: {tag:?}");
    let again = cached.get_with(uri, &[("if-none-match", &tag)]).await;
    assert_eq!(again.status, 304);

    add_gizmo(&app).await;
    let renewed = cached.get_with(uri, &[("if-none-match", &tag)]).await;
    assert_eq!(renewed.status, 200, "the write made the kept answer old");
    assert_eq!(names(&renewed.json()), ["Gizmo"]);
    assert_ne!(renewed.header("etag"), tag);
}
