//! Accounts through the real router (ADR 0010): login, the session as the nonce endpoint,
//! nonce checks, logout, the user's own meta sent as POST + X-HTTP-Method-Override, and the
//! login brake.

use axum::http::Method;
use serde_json::json;
use vitrine_domain::account::Role;
use vitrine_http::ShopSettings;

use crate::helpers::{PASSWORD, TestApp};

const SESSION: &str = "/api/v1/account/session";
const LOGIN: &str = "/api/v1/account/login";

#[tokio::test]
async fn nobody_is_logged_in_without_a_cookie_and_answers_are_never_cached() {
    let app = TestApp::spawn().await;
    let res = app.get(SESSION).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.json(), json!({ "account": null }));
    assert_eq!(res.header("cache-control"), "private, no-store");
    let forged = app
        .get_with(
            SESSION,
            &[("cookie", &format!("vitrine_auth={}", "ab".repeat(32)))],
        )
        .await;
    assert_eq!(
        forged.json(),
        json!({ "account": null }),
        "an unknown token is nobody"
    );
}

#[tokio::test]
async fn a_login_sets_an_http_only_cookie_and_the_session_names_the_user() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Editor).await;
    let res = app
        .post_json(
            LOGIN,
            &json!({ "login": " ADA@example.com ", "password": PASSWORD }),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    let cookie = res.header("set-cookie");
    assert!(cookie.starts_with("vitrine_auth="), "{cookie}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=172800"] {
        assert!(cookie.contains(flag), "{flag} in {cookie}");
    }
    let account = &res.json()["account"];
    assert_eq!(account["email"], "ada@example.com");
    assert_eq!(account["role"], "editor");
    assert_eq!(
        account["capabilities"],
        json!({ "edit_pages": true, "admin_bar": true, "view_coming_soon": false })
    );
    assert_eq!(account["coming_soon_banner"], false);
    assert_eq!(account["nonce"].as_str().map(str::len), Some(20));

    let pair = cookie.split(';').next().expect("pair");
    let session = app.get_with(SESSION, &[("cookie", pair)]).await.json();
    assert_eq!(session["account"]["email"], "ada@example.com");
    assert_eq!(session["account"]["nonce"], account["nonce"]);
    let remembered = app
        .post_json(
            LOGIN,
            &json!({ "login": "ada@example.com", "password": PASSWORD, "remember": true }),
        )
        .await;
    assert!(
        remembered.header("set-cookie").contains("Max-Age=1209600"),
        "14 days"
    );
}

#[tokio::test]
async fn wrong_passwords_and_unknown_emails_get_the_same_refusal() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Customer).await;
    for (login, password) in [
        ("ada@example.com", "wrong password"),
        ("bob@example.com", PASSWORD),
        ("not an email", PASSWORD),
    ] {
        let res = app
            .post_json(LOGIN, &json!({ "login": login, "password": password }))
            .await;
        assert_eq!(res.status, 401, "{login}: {}", res.text);
        assert_eq!(res.json()["code"], "invalid_credentials");
        assert_eq!(
            res.json()["message"],
            "Unknown email address or incorrect password."
        );
        assert_eq!(res.header("set-cookie"), "");
    }
    let empty = app
        .post_json(LOGIN, &json!({ "login": " ", "password": PASSWORD }))
        .await;
    assert_eq!(
        (empty.status.as_u16(), empty.json()["field"].clone()),
        (400, json!("login"))
    );
    let empty = app
        .post_json(
            LOGIN,
            &json!({ "login": "ada@example.com", "password": "" }),
        )
        .await;
    assert_eq!(empty.json()["field"], "password");
    let unknown_field = app
        .post_json(
            LOGIN,
            &json!({ "login": "a", "password": "b", "admin": true }),
        )
        .await;
    assert_eq!(unknown_field.status, 400, "{}", unknown_field.text);
}

#[tokio::test]
async fn state_changes_need_the_nonce_and_logout_ends_the_session() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Administrator).await;
    let login = app.login("ada@example.com").await;
    let logout = "/api/v1/account/logout";

    let no_nonce = app
        .send(Method::POST, logout, &[("cookie", &login.cookie)], None)
        .await;
    assert_eq!(no_nonce.status, 401);
    assert_eq!(no_nonce.json()["code"], "not_logged_in");
    let wrong = app
        .send(
            Method::POST,
            logout,
            &[
                ("cookie", &login.cookie),
                ("x-wp-nonce", "0123456789abcdef0123"),
            ],
            None,
        )
        .await;
    assert_eq!(wrong.status, 403);
    assert_eq!(wrong.json()["code"], "rest_cookie_invalid_nonce");
    let nonce_only = app
        .send(Method::POST, logout, &[("x-wp-nonce", &login.nonce)], None)
        .await;
    assert_eq!(
        nonce_only.status, 401,
        "a nonce without its cookie is nobody"
    );

    let out = app.send(Method::POST, logout, &login.headers(), None).await;
    assert_eq!(out.status, 204, "{}", out.text);
    assert!(
        out.header("set-cookie")
            .starts_with("vitrine_auth=; Path=/; Max-Age=0")
    );
    let after = app.get_with(SESSION, &[("cookie", &login.cookie)]).await;
    assert_eq!(
        after.json(),
        json!({ "account": null }),
        "the session row is gone"
    );
}

#[tokio::test]
async fn the_coming_soon_banner_is_dismissed_with_a_patch_sent_as_post() {
    let settings = ShopSettings {
        coming_soon: true,
        ..ShopSettings::default()
    };
    let app = TestApp::with_settings(settings).await;
    app.add_user("ada@example.com", Role::ShopManager).await;
    let login = app.login("ada@example.com").await;
    let session = app
        .get_with(SESSION, &[("cookie", &login.cookie)])
        .await
        .json();
    assert_eq!(session["account"]["coming_soon_banner"], true);

    let dismissal = json!({ "woocommerce_meta": { "coming_soon_banner_dismissed": "yes" } });
    let [cookie, nonce] = login.headers();
    let res = app
        .send(
            Method::POST,
            "/api/v1/account/me",
            &[cookie, nonce, ("x-http-method-override", "PATCH")],
            Some(&dismissal),
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(res.json()["account"]["coming_soon_banner"], false);
    let later = app.restarted();
    let session = later
        .get_with(SESSION, &[("cookie", &login.cookie)])
        .await
        .json();
    assert_eq!(
        session["account"]["coming_soon_banner"], false,
        "kept in the database"
    );

    let plain_post = app
        .send(
            Method::POST,
            "/api/v1/account/me",
            &login.headers(),
            Some(&dismissal),
        )
        .await;
    assert_eq!(plain_post.status, 405, "only PATCH updates the user");
    let bad = app
        .send(
            Method::PATCH,
            "/api/v1/account/me",
            &login.headers(),
            Some(&json!({ "woocommerce_meta": { "coming_soon_banner_dismissed": "maybe" } })),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.text);
}

#[tokio::test]
async fn a_method_override_never_turns_a_read_into_a_write() {
    let app = TestApp::spawn().await;
    let res = app
        .get_with(
            "/api/v1/blocks/home-about",
            &[("x-http-method-override", "PUT")],
        )
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(res.json()["block"]["slug"], "home-about");
}

#[tokio::test]
async fn repeated_login_attempts_from_one_address_are_braked() {
    let app = TestApp::spawn().await;
    let attempt = json!({ "login": "ada@example.com", "password": "guess" });
    for n in 0..10 {
        let res = app.post_json(LOGIN, &attempt).await;
        assert_eq!(res.status, 401, "attempt {n}");
    }
    let res = app.post_json(LOGIN, &attempt).await;
    assert_eq!(res.status, 429);
    assert_eq!(res.json()["code"], "rate_limited");
    let right = json!({ "login": "ada@example.com", "password": PASSWORD });
    assert_eq!(
        app.post_json(LOGIN, &right).await.status,
        429,
        "not even the right password"
    );
}

#[tokio::test]
async fn successful_logins_do_not_count_against_the_brake() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Editor).await;
    for _ in 0..12 {
        app.login("ada@example.com").await;
    }
}
