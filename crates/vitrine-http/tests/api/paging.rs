//! WordPress's paging headers on the product list (spec §7 "REST client behaviour": the
//! client fetches everything by following `Link: rel="next"` in pages of 100, §9).

use std::collections::BTreeSet;

use crate::helpers::TestApp;

/// The `rel` target of a `Link` header, if it names one.
fn link(header: &str, rel: &str) -> Option<String> {
    header.split(", ").find_map(|part| {
        let (target, params) = part.split_once(">; ")?;
        (params == format!("rel=\"{rel}\"")).then(|| target.trim_start_matches('<').to_owned())
    })
}

#[tokio::test]
async fn the_product_list_sends_totals_and_links_that_walk_every_page() {
    let app = TestApp::spawn().await;
    let mut next = Some("/api/v1/products?per_page=4&orderby=price".to_owned());
    let mut seen = BTreeSet::new();
    let mut pages = 0;
    let mut total = 0;
    while let Some(uri) = next {
        let res = app.get(&uri).await;
        assert_eq!(res.status, 200, "{}", res.text);
        let body = res.json();
        total = body["meta"]["total"].as_u64().expect("total");
        assert_eq!(res.header("x-wp-total"), total.to_string());
        assert_eq!(
            res.header("x-wp-totalpages"),
            body["meta"]["total_pages"].to_string()
        );
        pages += 1;
        let header = res.header("link");
        if pages == 1 {
            assert_eq!(link(header, "prev"), None, "page 1 has no prev: {header}");
        } else {
            let prev = link(header, "prev").expect("a later page links back");
            assert!(prev.ends_with(&format!("&page={}", pages - 1)), "{prev}");
        }
        for product in body["products"].as_array().expect("products") {
            assert!(
                seen.insert(product["id"].as_i64().expect("id")),
                "no repeats"
            );
        }
        next = link(header, "next");
        if let Some(next) = &next {
            assert_eq!(
                next,
                &format!(
                    "/api/v1/products?per_page=4&orderby=price&page={}",
                    pages + 1
                )
            );
        }
        assert!(pages <= 20, "the links must end");
    }
    assert!(pages > 2, "more than two pages of 4 ({pages})");
    assert_eq!(seen.len() as u64, total, "every product once");
}

#[tokio::test]
async fn a_list_of_one_page_has_totals_and_no_link() {
    let app = TestApp::spawn().await;
    let res = app.get("/api/v1/products?per_page=100").await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("x-wp-totalpages"), "1");
    assert_eq!(
        res.header("x-wp-total"),
        res.json()["meta"]["total"].to_string()
    );
    assert!(res.headers.get("link").is_none());
}

#[tokio::test]
async fn the_locale_parameter_of_the_rest_client_is_accepted_everywhere() {
    let app = TestApp::spawn().await;
    let list = app.get("/api/v1/products?per_page=2&_locale=user").await;
    assert_eq!(list.status, 200, "{}", list.text);
    // The one endpoint that reads every parameter as an attribute leaves `_locale` out.
    let id = app.ids.hoodie;
    let preview = app
        .get(&format!(
            "/api/v1/products/{id}/variations/preview?attribute_color=Blue&_locale=user"
        ))
        .await;
    assert_eq!(preview.status, 200, "{}", preview.text);
    assert_eq!(preview.json()["variation"]["variation_id"], 81);
    let only_locale = app
        .get(&format!(
            "/api/v1/products/{id}/variations/preview?_locale=user"
        ))
        .await;
    assert_eq!(only_locale.status, 400, "{}", only_locale.text);
}
