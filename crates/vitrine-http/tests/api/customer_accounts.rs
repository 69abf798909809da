//! Customer accounts through the real router (issue 15): sign-up, "Lost your password?" and
//! the reset link, and "Account details", with their refusals next to the fields.

use std::sync::Arc;

use axum::http::Method;
use serde_json::{Value, json};
use vitrine_domain::account::Role;
use vitrine_http::{ShopSettings, router};

use crate::checkout_app::Shop;
use crate::helpers::{
    Login, NOW, PASSWORD, TestApp, TestResponse, checkout_policies, checkout_state,
};

const REGISTER: &str = "/api/v1/account/register";
const SESSION: &str = "/api/v1/account/session";
const LOST: &str = "/api/v1/account/lost-password";
const RESET: &str = "/api/v1/account/reset-password";
const DETAILS: &str = "/api/v1/account/details";
const STRONG: &str = "Tulip-Harbour-42-Lantern";

fn cookie_of(res: &TestResponse) -> String {
    let set = res.header("set-cookie");
    assert!(set.starts_with("vitrine_auth="), "{set}");
    set.split(';').next().expect("pair").to_owned()
}

fn login_of(res: &TestResponse) -> Login {
    Login {
        cookie: cookie_of(res),
        nonce: res.json()["account"]["nonce"]
            .as_str()
            .expect("nonce")
            .to_owned(),
    }
}

async fn session(app: &TestApp, cookie: &str) -> Value {
    app.get_with(SESSION, &[("cookie", cookie)]).await.json()["account"].clone()
}

async fn log_in(app: &TestApp, email: &str, password: &str) -> TestResponse {
    let body = json!({ "login": email, "password": password });
    app.post_json("/api/v1/account/login", &body).await
}

#[tokio::test]
async fn a_sign_up_opens_a_logged_in_customer_account_and_an_address_only_once() {
    let app = TestApp::spawn().await;
    let body = json!({ "email": " Grace@Example.com ", "password": STRONG,
        "first_name": "Grace", "last_name": "Hopper" });
    let res = app.post_json(REGISTER, &body).await;
    assert_eq!(res.status, 200, "{}", res.text);
    let account = &res.json()["account"];
    assert_eq!(account["email"], "grace@example.com");
    assert_eq!(account["role"], "customer");
    assert_eq!(account["first_name"], "Grace");
    assert_eq!(account["last_name"], "Hopper");
    assert_eq!(account["display_name"], "Grace Hopper");
    assert_eq!(account["capabilities"]["admin_bar"], false);
    assert_eq!(res.header("cache-control"), "private, no-store");
    let cookie = cookie_of(&res);
    assert!(res.header("set-cookie").contains("HttpOnly"));
    assert_eq!(session(&app, &cookie).await["email"], "grace@example.com");

    let again = app
        .post_json(
            REGISTER,
            &json!({ "email": "GRACE@example.com", "password": STRONG }),
        )
        .await;
    assert_eq!(again.status, 409, "{}", again.text);
    assert_eq!(
        again.json(),
        json!({ "code": "email_exists", "field": "email",
            "message": "An account is already registered with your email address. Please log in." })
    );
    assert_eq!(log_in(&app, "grace@example.com", STRONG).await.status, 200);
}

#[tokio::test]
async fn weak_passwords_and_bad_addresses_are_refused_next_to_their_field_and_store_nothing() {
    let app = TestApp::spawn().await;
    for (password, starts) in [
        ("Zq9#kLp", "The password must have at least 8 characters."),
        ("password1", "Weak - Please enter a stronger password."),
        ("12345678", "Weak - Please enter a stronger password."),
        (
            "ada@example.com",
            "The password must not be your email address.",
        ),
    ] {
        let body = json!({ "email": "ada@example.com", "password": password });
        let res = app.post_json(REGISTER, &body).await;
        assert_eq!(res.status, 400, "{password}: {}", res.text);
        let json = res.json();
        assert_eq!(json["code"], "weak_password", "{password}");
        assert_eq!(json["field"], "password");
        let message = json["message"].as_str().expect("message");
        assert!(message.starts_with(starts), "{password}: {message}");
    }
    let bad = app
        .post_json(REGISTER, &json!({ "email": "ada@", "password": STRONG }))
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["code"], "invalid_parameter");
    assert_eq!(bad.json()["field"], "email");
    let unknown = app
        .post_json(
            REGISTER,
            &json!({ "email": "a@b.co", "password": STRONG, "role": "administrator" }),
        )
        .await;
    assert_eq!(unknown.status, 400, "no role can be asked for");
    assert_eq!(
        log_in(&app, "ada@example.com", STRONG).await.status,
        401,
        "nothing stored"
    );
    // The first refusals counted nothing: a good sign-up still goes through.
    let ok = app
        .post_json(
            REGISTER,
            &json!({ "email": "ada@example.com", "password": STRONG }),
        )
        .await;
    assert_eq!(ok.status, 200, "{}", ok.text);
}

#[tokio::test]
async fn sign_ups_from_one_client_are_braked_after_three_and_probes_spend_the_login_brake() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Customer).await;
    // A probe for a known address (409) counts like an account opened.
    let probe = app
        .post_json(
            REGISTER,
            &json!({ "email": "ada@example.com", "password": STRONG }),
        )
        .await;
    assert_eq!(probe.status, 409);
    for n in 1..=2 {
        let body = json!({ "email": format!("shopper{n}@example.com"), "password": STRONG });
        assert_eq!(
            app.post_json(REGISTER, &body).await.status,
            200,
            "sign-up {n}"
        );
    }
    let fourth = app
        .post_json(
            REGISTER,
            &json!({ "email": "shopper3@example.com", "password": STRONG }),
        )
        .await;
    assert_eq!(fourth.status, 429, "{}", fourth.text);
    assert_eq!(fourth.json()["code"], "rate_limited");
    let retry: u64 = fourth.header("retry-after").parse().expect("seconds");
    assert!((1..=60).contains(&retry), "{retry}");
}

/// The reset link the outbox holds (the spawned send has run once the runtime yields).
async fn mailed_key(shop: &Shop, to: &str) -> String {
    for _ in 0..1_000 {
        let sent = shop.kit.mail.sent();
        if let Some(mail) = sent
            .iter()
            .rev()
            .find(|m| m.to == to && m.subject.contains("Password Reset"))
        {
            let at = mail.text.find("?key=").expect("a link with a key") + 5;
            let key: String = mail.text[at..]
                .chars()
                .take_while(char::is_ascii_hexdigit)
                .collect();
            assert!(
                mail.text
                    .contains("https://shop.example/my-account/lost-password/?key="),
                "{}",
                mail.text
            );
            assert_eq!(key.len(), 64);
            return key;
        }
        tokio::task::yield_now().await;
    }
    panic!("no reset e-mail to {to}");
}

#[tokio::test]
async fn a_reset_link_is_mailed_works_once_ends_every_session_and_logs_in() {
    let shop = Shop::open().await;
    let app = &shop.app;
    app.add_user("ada@example.com", Role::Customer).await;
    let old = app.login("ada@example.com").await;

    let known = app
        .post_json(LOST, &json!({ "user_login": " Ada@Example.com " }))
        .await;
    let unknown = app
        .post_json(LOST, &json!({ "user_login": "nobody@example.com" }))
        .await;
    let name = app
        .post_json(LOST, &json!({ "user_login": "nobody" }))
        .await;
    assert_eq!(known.status, 200, "{}", known.text);
    assert_eq!((unknown.status.as_u16(), name.status.as_u16()), (200, 200));
    assert_eq!(known.json(), unknown.json(), "the answer reveals nothing");
    assert_eq!(known.json(), name.json());
    let key = mailed_key(&shop, "ada@example.com").await;
    tokio::task::yield_now().await;
    assert_eq!(
        shop.kit.mail.sent().len(),
        1,
        "one e-mail, for the known address only"
    );
    let rows: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM password_resets WHERE token_hash = $1")
            .bind(&key)
            .fetch_one(app.db.pool())
            .await
            .expect("count");
    assert_eq!(rows, 0, "the key itself is never stored");

    let check = app.get(&format!("{RESET}?key={key}")).await;
    assert_eq!(check.status, 200);
    assert_eq!(check.json(), json!({ "email": "ada@example.com" }));
    let weak = app
        .post_json(RESET, &json!({ "key": key, "password": "password1" }))
        .await;
    assert_eq!(weak.status, 400);
    assert_eq!(weak.json()["code"], "weak_password");
    assert_eq!(weak.json()["field"], "password");
    assert_eq!(
        app.get(&format!("{RESET}?key={key}")).await.status,
        200,
        "a refused password keeps the link"
    );

    let done = app
        .post_json(RESET, &json!({ "key": key, "password": STRONG }))
        .await;
    assert_eq!(done.status, 200, "{}", done.text);
    let new = cookie_of(&done);
    assert_eq!(
        session(app, &new).await["email"],
        "ada@example.com",
        "logged in"
    );
    assert!(
        session(app, &old.cookie).await.is_null(),
        "the other session ended"
    );
    assert_eq!(log_in(app, "ada@example.com", PASSWORD).await.status, 401);
    assert_eq!(log_in(app, "ada@example.com", STRONG).await.status, 200);

    let reused = app
        .post_json(
            RESET,
            &json!({ "key": key, "password": "Another-Long-Phrase-77" }),
        )
        .await;
    assert_eq!(reused.status, 400);
    assert_eq!(reused.json()["code"], "invalid_reset_key");
    assert_eq!(reused.json()["field"], "key");
    let forged = app
        .post_json(
            RESET,
            &json!({ "key": "ab".repeat(32), "password": STRONG }),
        )
        .await;
    assert_eq!(forged.json()["code"], "invalid_reset_key");
    let junk = app.get(&format!("{RESET}?key=not-hex")).await;
    assert_eq!(
        (junk.status.as_u16(), junk.json()["code"].clone()),
        (400, json!("invalid_reset_key"))
    );
}

#[tokio::test]
async fn a_reset_link_expires_after_24_hours_and_a_new_request_replaces_it() {
    let shop = Shop::open().await;
    let app = &shop.app;
    app.add_user("ada@example.com", Role::Customer).await;
    app.post_json(LOST, &json!({ "user_login": "ada@example.com" }))
        .await;
    let first = mailed_key(&shop, "ada@example.com").await;
    let at = |seconds: i64| {
        let mut later = app.restarted();
        let mut policies = checkout_policies(&ShopSettings::default());
        policies.checkout.public_url = "https://shop.example".into();
        let now = NOW + time::Duration::seconds(seconds);
        later.router = router(checkout_state(
            &app.db,
            &shop.kit,
            policies,
            Arc::new(move || now),
        ));
        later
    };
    let day = 24 * 60 * 60;
    assert_eq!(
        at(day - 1)
            .get(&format!("{RESET}?key={first}"))
            .await
            .status,
        200
    );
    let expired = at(day)
        .post_json(RESET, &json!({ "key": first, "password": STRONG }))
        .await;
    assert_eq!(expired.status, 400);
    assert_eq!(expired.json()["code"], "expired_reset_key");
    assert_eq!(expired.json()["field"], "key");
    assert_eq!(
        log_in(app, "ada@example.com", PASSWORD).await.status,
        200,
        "the password is kept"
    );

    // A second request (another minute: the brake allows it) replaces the first link.
    let later = at(61);
    later
        .post_json(LOST, &json!({ "user_login": "ada@example.com" }))
        .await;
    let mut second = mailed_key(&shop, "ada@example.com").await;
    for _ in 0..100 {
        if second != first {
            break;
        }
        tokio::task::yield_now().await;
        second = mailed_key(&shop, "ada@example.com").await;
    }
    assert_ne!(second, first);
    assert_eq!(
        later.get(&format!("{RESET}?key={first}")).await.json()["code"],
        "invalid_reset_key"
    );
    assert_eq!(
        later.get(&format!("{RESET}?key={second}")).await.status,
        200
    );
}

#[tokio::test]
async fn reset_requests_are_braked_per_address() {
    let app = TestApp::spawn().await;
    for _ in 0..3 {
        let res = app
            .post_json(LOST, &json!({ "user_login": "ada@example.com" }))
            .await;
        assert_eq!(res.status, 200);
    }
    let braked = app
        .post_json(LOST, &json!({ "user_login": "ada@example.com" }))
        .await;
    assert_eq!(braked.status, 429);
    let empty = app.post_json(LOST, &json!({ "user_login": " " })).await;
    assert_eq!(
        (empty.status.as_u16(), empty.json()["field"].clone()),
        (400, json!("user_login"))
    );
}

fn details(email: &str) -> Value {
    json!({ "first_name": "Ada", "last_name": "Lovelace", "display_name": "Countess", "email": email })
}

#[tokio::test]
async fn account_details_change_names_and_email_and_a_password_needs_the_current_one() {
    let app = TestApp::spawn().await;
    app.add_user("ada@example.com", Role::Customer).await;
    app.add_user("grace@example.com", Role::Customer).await;
    let other = app.login("ada@example.com").await;
    let me = app.login("ada@example.com").await;
    let send = |body: Value| {
        let me = me.clone();
        let app = &app;
        async move {
            app.send(Method::POST, DETAILS, &me.headers(), Some(&body))
                .await
        }
    };

    let saved = send(details("Ada.L@Example.com")).await;
    assert_eq!(saved.status, 200, "{}", saved.text);
    let account = &saved.json()["account"];
    assert_eq!(
        (
            account["first_name"].clone(),
            account["last_name"].clone(),
            account["display_name"].clone(),
            account["email"].clone()
        ),
        (
            json!("Ada"),
            json!("Lovelace"),
            json!("Countess"),
            json!("ada.l@example.com")
        )
    );
    assert!(
        session(&app, &other.cookie).await.is_object(),
        "no password change: sessions kept"
    );

    let refusals = [
        (
            json!({ "first_name": " " }),
            400,
            "invalid_parameter",
            "first_name",
            "First name is a required field.",
        ),
        (
            json!({ "email": "nope" }),
            400,
            "invalid_parameter",
            "email",
            "Please provide a valid email address.",
        ),
        (
            json!({ "email": "grace@example.com" }),
            409,
            "email_exists",
            "email",
            "This email address is already registered.",
        ),
        (
            json!({ "password_1": STRONG, "password_2": STRONG }),
            400,
            "invalid_parameter",
            "password_current",
            "Please enter your current password.",
        ),
        (
            json!({ "password_current": PASSWORD, "password_1": STRONG, "password_2": "other" }),
            400,
            "invalid_parameter",
            "password_2",
            "New passwords do not match.",
        ),
        (
            json!({ "password_current": "wrong password", "password_1": STRONG, "password_2": STRONG }),
            400,
            "incorrect_password",
            "password_current",
            "Your current password is incorrect.",
        ),
        (
            json!({ "password_current": PASSWORD, "password_1": "password1", "password_2": "password1" }),
            400,
            "weak_password",
            "password_1",
            "Weak - Please enter a stronger password.",
        ),
    ];
    for (change, status, code, field, message) in refusals {
        let mut body = details("ada.l@example.com");
        body["last_name"] = json!("Byron");
        for (k, v) in change.as_object().expect("object") {
            body[k] = v.clone();
        }
        let res = send(body).await;
        assert_eq!(res.status.as_u16(), status, "{field}: {}", res.text);
        let json = res.json();
        assert_eq!(
            (json["code"].as_str(), json["field"].as_str()),
            (Some(code), Some(field))
        );
        assert!(
            json["message"]
                .as_str()
                .expect("message")
                .starts_with(message),
            "{json}"
        );
        assert_eq!(
            session(&app, &me.cookie).await["last_name"],
            "Lovelace",
            "nothing stored"
        );
    }
    assert_eq!(
        log_in(&app, "ada.l@example.com", PASSWORD).await.status,
        200,
        "the password is kept"
    );

    let mut change = details("ada.l@example.com");
    change["password_current"] = json!(PASSWORD);
    change["password_1"] = json!(STRONG);
    change["password_2"] = json!(STRONG);
    let changed = send(change).await;
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert!(
        session(&app, &me.cookie).await.is_object(),
        "this session stays"
    );
    assert!(
        session(&app, &other.cookie).await.is_null(),
        "the others end"
    );
    assert_eq!(log_in(&app, "ada.l@example.com", STRONG).await.status, 200);
    assert_eq!(
        log_in(&app, "ada.l@example.com", PASSWORD).await.status,
        401
    );

    let without_nonce = app
        .send(
            Method::POST,
            DETAILS,
            &[("cookie", me.cookie.as_str())],
            Some(&details("ada.l@example.com")),
        )
        .await;
    assert_eq!(without_nonce.status, 401);
    let registered = app
        .post_json(
            REGISTER,
            &json!({ "email": "x@example.com", "password": STRONG }),
        )
        .await;
    let x = login_of(&registered);
    let foreign = app
        .send(
            Method::POST,
            DETAILS,
            &x.headers(),
            Some(&details("ada.l@example.com")),
        )
        .await;
    assert_eq!(foreign.status, 409, "another account's address");
}
