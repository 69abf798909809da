//! Coming-soon mode (ADR 0010): visitors get the coming-soon page everywhere but the account
//! pages; logged-in users with `view_coming_soon` see the shop.

use serde_json::json;
use vitrine_domain::account::Role;
use vitrine_http::ShopSettings;

use crate::helpers::{TestApp, inline_data};

async fn coming_soon_shop() -> TestApp {
    let settings = ShopSettings {
        coming_soon: true,
        ..ShopSettings::default()
    };
    TestApp::with_settings(settings).await
}

#[tokio::test]
async fn visitors_see_the_coming_soon_page_on_every_storefront_page() {
    let app = coming_soon_shop().await;
    for path in ["/", "/shop/", "/product/hoodie/", "/cart/", "/nope/"] {
        let page = app.get(path).await;
        assert_eq!(page.status, 200, "{path}");
        let data = inline_data(&page.text);
        assert_eq!(data["route"], "coming_soon", "{path}");
        assert_eq!(data["seo"]["robots"], "noindex, follow", "{path}");
        assert!(
            page.text.contains("Great things are on the horizon"),
            "{path}"
        );
        assert!(
            !page.text.contains("Hoodie"),
            "{path}: nothing of the shop leaks"
        );
    }
    let api = app.get("/api/v1/pages?path=%2Fshop%2F").await.json();
    assert_eq!(
        api["route"], "coming_soon",
        "client navigation is gated too"
    );
    let login = inline_data(&app.get("/my-account/").await.text);
    assert_eq!(
        login["route"], "account",
        "staff can still reach the login form"
    );
}

#[tokio::test]
async fn shop_managers_see_the_shop_and_editors_do_not() {
    let app = coming_soon_shop().await;
    app.add_user("boss@example.com", Role::ShopManager).await;
    app.add_user("ed@example.com", Role::Editor).await;
    let boss = app.login("boss@example.com").await;
    let page = app.get_with("/shop/", &[("cookie", &boss.cookie)]).await;
    let data = inline_data(&page.text);
    assert_eq!(data["route"], "listing");
    assert_eq!(data["site"]["coming_soon"], true);
    let editor = app.login("ed@example.com").await;
    let page = app.get_with("/shop/", &[("cookie", &editor.cookie)]).await;
    assert_eq!(inline_data(&page.text)["route"], "coming_soon");
}

#[tokio::test]
async fn without_coming_soon_mode_nothing_is_gated() {
    let app = TestApp::spawn().await;
    let data = inline_data(&app.get("/shop/").await.text);
    assert_eq!(data["route"], "listing");
    assert_eq!(data["site"]["coming_soon"], json!(false));
}
