//! The OpenAPI document: served, and kept in step with the committed `docs/openapi.json`.

use std::path::PathBuf;

use crate::helpers::TestApp;

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json")
}

#[tokio::test]
async fn the_document_is_served_and_lists_every_endpoint() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/openapi.json").await;
    assert_eq!(res.status, 200);
    let doc = res.json();
    for path in [
        "/healthz",
        "/api/v1/site",
        "/api/v1/pages",
        "/api/v1/products",
        "/api/v1/products/{id}",
        "/api/v1/products/by-slug/{slug}",
        "/api/v1/categories",
        "/api/v1/products/{id}/variations",
        "/api/v1/products/{id}/variations/match",
        "/api/v1/products/{id}/variations/preview",
        "/api/v1/products/{id}/reviews",
        "/media/{file}",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} documented");
    }
    assert_eq!(
        doc["paths"]["/api/v1/products"]["get"]["operationId"],
        "list_products"
    );
    let codes = &doc["components"]["schemas"]["ErrorCode"]["enum"];
    assert!(
        codes
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "invalid_attributes")
    );
}

#[test]
fn the_committed_document_matches_the_code() {
    let current = vitrine_http::openapi()
        .to_pretty_json()
        .expect("the document serializes")
        + "\n";
    let path = committed_path();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(&path, &current).expect("docs/openapi.json is writable");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == current,
        "docs/openapi.json is out of date with the code. Regenerate it with\n  \
         UPDATE_OPENAPI=1 cargo test -p vitrine-http --test api openapi\n\
         then run `npm run gen:api` in web/ and commit both."
    );
}
