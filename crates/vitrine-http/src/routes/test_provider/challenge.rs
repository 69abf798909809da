//! The 3-D Secure challenge page (`/_test_provider/3ds/{id}`): a plain HTML form — no script,
//! no external asset — with "Complete authentication" and "Fail authentication". Its POST
//! authenticates the intent and sends the shopper back (303) to the shop's return URL, which
//! must be a path on this site: anything else would make the page an open redirect.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;
use vitrine_domain::payment::ProviderError;
use vitrine_payments::TestProvider;
use vitrine_payments::test_provider::{Challenge, ChallengeKind};

use crate::html::escape;

#[derive(Deserialize)]
pub struct ChallengeQuery {
    #[serde(default)]
    client_secret: String,
    #[serde(default)]
    return_url: String,
}

#[derive(Deserialize)]
struct ChallengeAnswer {
    #[serde(default)]
    client_secret: String,
    #[serde(default)]
    return_url: String,
    #[serde(default)]
    outcome: String,
}

/// Where the challenge returns the shopper: always a path on this site. The checkout sends an
/// absolute `return_url` (Stripe requires one); its scheme and host are dropped, so the page
/// stays on the shop that serves it (the test provider lives there) and can never send anyone
/// to another site. What remains must start with one `/` and hold no backslash, blank or
/// control character a browser could read as another site.
pub fn safe_return_url(return_url: &str) -> Option<&str> {
    let return_url = match return_url
        .strip_prefix("https://")
        .or_else(|| return_url.strip_prefix("http://"))
    {
        Some(rest) => rest.find('/').map_or("/", |at| &rest[at..]),
        None => return_url,
    };
    let safe = return_url.starts_with('/')
        && !return_url.starts_with("//")
        && !return_url.starts_with("/\\")
        && !return_url
            .chars()
            .any(|c| c == '\\' || c.is_control() || c.is_whitespace());
    safe.then_some(return_url)
}

/// The return URL with Stripe's redirect parameters added to its query (before any `#`).
fn back_to(return_url: &str, challenge: &Challenge, client_secret: &str, passed: bool) -> String {
    let (base, fragment) = match return_url.split_once('#') {
        Some((base, fragment)) => (base, Some(fragment)),
        None => (return_url, None),
    };
    let (id_param, secret_param) = match challenge.kind {
        ChallengeKind::PaymentIntent => ("payment_intent", "payment_intent_client_secret"),
        ChallengeKind::SetupIntent => ("setup_intent", "setup_intent_client_secret"),
    };
    let query = url_pairs(&[
        (id_param, &challenge.id),
        (secret_param, client_secret),
        (
            "redirect_status",
            if passed { "succeeded" } else { "failed" },
        ),
    ]);
    let separator = if base.contains('?') { '&' } else { '?' };
    match fragment {
        Some(fragment) => format!("{base}{separator}{query}#{fragment}"),
        None => format!("{base}{separator}{query}"),
    }
}

fn url_pairs(pairs: &[(&str, &str)]) -> String {
    serde_urlencoded::to_string(pairs).unwrap_or_default()
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{title}</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>",
        title = escape(title),
    );
    (status, Html(html)).into_response()
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1a1a1a;\
    margin:0}main{max-width:28rem;margin:3rem auto;padding:1.5rem;background:#fff;\
    border:1px solid #ccd;border-radius:8px}h1{font-size:1.35rem;margin-top:0}\
    .actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}\
    button{font:inherit;padding:.65rem 1rem;border-radius:6px;border:2px solid #1a1a1a;\
    cursor:pointer;background:#fff;color:#1a1a1a}button.primary{background:#1a1a1a;color:#fff}\
    button:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}";

fn refused(error: &ProviderError) -> Response {
    let (status, message) = match error {
        ProviderError::Authentication => (
            StatusCode::UNAUTHORIZED,
            "This authentication link is not valid.",
        ),
        ProviderError::InvalidRequest { code, .. } if code == "resource_missing" => (
            StatusCode::NOT_FOUND,
            "There is no payment to authenticate here.",
        ),
        ProviderError::InvalidRequest { .. } => (
            StatusCode::CONFLICT,
            "This payment does not need authentication any more.",
        ),
        _ => {
            tracing::error!(%error, "test provider challenge failed");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "The test provider could not answer. Try again.",
            )
        }
    };
    page(
        status,
        "Authentication unavailable",
        &format!(
            "<h1>Authentication unavailable</h1><p role=\"alert\">{}</p>",
            escape(message)
        ),
    )
}

fn bad_return_url() -> Response {
    page(
        StatusCode::BAD_REQUEST,
        "Authentication unavailable",
        "<h1>Authentication unavailable</h1>\
         <p role=\"alert\">The return address must be a page of this shop.</p>",
    )
}

pub async fn show(
    State(provider): State<Arc<TestProvider>>,
    Path(id): Path<String>,
    Query(query): Query<ChallengeQuery>,
) -> Response {
    let Some(return_url) = safe_return_url(&query.return_url) else {
        return bad_return_url();
    };
    let challenge = match provider.challenge(&id, &query.client_secret).await {
        Ok(challenge) if challenge.awaiting => challenge,
        Ok(_) => {
            return refused(&ProviderError::InvalidRequest {
                code: "unexpected_state".to_owned(),
                message: String::new(),
            });
        }
        Err(error) => return refused(&error),
    };
    let what = match challenge.amount {
        Some(amount) => format!(
            "a payment of {} {}",
            amount.to_decimal(),
            amount.currency().code()
        ),
        None => "saving your card".to_owned(),
    };
    let body = format!(
        "<h1>3D Secure 2 Test Page</h1>\
         <p>Your bank asks you to confirm {what}. This is the offline test provider: no real \
         bank is involved.</p>\
         <form method=\"post\" action=\"/_test_provider/3ds/{id}\">\
         <input type=\"hidden\" name=\"client_secret\" value=\"{secret}\">\
         <input type=\"hidden\" name=\"return_url\" value=\"{return_url}\">\
         <div class=\"actions\">\
         <button class=\"primary\" type=\"submit\" name=\"outcome\" value=\"complete\">Complete authentication</button>\
         <button type=\"submit\" name=\"outcome\" value=\"fail\">Fail authentication</button>\
         </div></form>",
        what = escape(&what),
        id = escape(&challenge.id),
        secret = escape(&query.client_secret),
        return_url = escape(return_url),
    );
    page(StatusCode::OK, "3D Secure 2 Test Page", &body)
}

pub async fn answer(
    State(provider): State<Arc<TestProvider>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    let Ok(answer) = serde_urlencoded::from_bytes::<ChallengeAnswer>(&body) else {
        return bad_return_url();
    };
    let Some(return_url) = safe_return_url(&answer.return_url) else {
        return bad_return_url();
    };
    let passed = match answer.outcome.as_str() {
        "complete" => true,
        "fail" => false,
        _ => {
            return page(
                StatusCode::BAD_REQUEST,
                "Authentication unavailable",
                "<h1>Authentication unavailable</h1><p role=\"alert\">Choose an answer.</p>",
            );
        }
    };
    let challenge = match provider.challenge(&id, &answer.client_secret).await {
        Ok(challenge) => challenge,
        Err(error) => return refused(&error),
    };
    if let Err(error) = provider
        .authenticate(&id, &answer.client_secret, passed)
        .await
    {
        return refused(&error);
    }
    let location = back_to(return_url, &challenge, &answer.client_secret, passed);
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_of_this_site_are_return_urls() {
        for good in [
            "/checkout/#response=eyJ9",
            "/checkout/order-pay/7/?pay_for_order=true&key=k",
            "/",
        ] {
            assert_eq!(safe_return_url(good), Some(good));
        }
        // An absolute address keeps only its path: the shopper stays on this site.
        assert_eq!(
            safe_return_url("http://127.0.0.1:8080/checkout/#response=eyJ9"),
            Some("/checkout/#response=eyJ9")
        );
        assert_eq!(
            safe_return_url("https://evil.example/x?y#z"),
            Some("/x?y#z")
        );
        assert_eq!(safe_return_url("https://evil.example"), Some("/"));
        for bad in [
            "https://evil.example//other.example/",
            "//evil.example/x",
            "/\\evil.example",
            "/x\\y",
            "javascript:alert(1)",
            "checkout/",
            "",
            "/a b",
            "/a\nb",
        ] {
            assert_eq!(safe_return_url(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_redirect_parameters_go_before_the_fragment() {
        let challenge = Challenge {
            id: "pi_1".to_owned(),
            kind: ChallengeKind::PaymentIntent,
            amount: None,
            awaiting: true,
        };
        assert_eq!(
            back_to("/checkout/#response=abc", &challenge, "pi_1_secret_x", true),
            "/checkout/?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x\
             &redirect_status=succeeded#response=abc"
        );
        assert_eq!(
            back_to("/checkout/order-pay/7/?key=k", &challenge, "s", false),
            "/checkout/order-pay/7/?key=k&payment_intent=pi_1&payment_intent_client_secret=s\
             &redirect_status=failed"
        );
    }
}
