//! Cross-cutting layers: request ids, tracing, panics, error logging, gzip, security headers,
//! the cross-site request guard, and closing connections whose request body went unread.

use std::any::Any;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::{Next, from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use tower::Layer;
use tower::util::MapRequestLayer;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::cross_site::{CrossSiteGuard, refuse_cross_site};
use crate::error::{ApiError, InternalCause};
use crate::settings::ShopSettings;
use crate::unread_body::close_if_body_unread;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// Not among `http`'s named headers.
const PERMISSIONS_POLICY: HeaderName = HeaderName::from_static("permissions-policy");
const SERVER_TIMING: HeaderName = HeaderName::from_static("server-timing");

fn request_id(request: &Request) -> String {
    request
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
        .to_owned()
}

/// Wraps the app in every layer, outermost last.
pub fn apply(router: Router, settings: &ShopSettings) -> Router {
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &Request| {
            tracing::info_span!(
                "request",
                method = %request.method(),
                path = %request.uri().path(),
                request_id = %request_id(request),
            )
        })
        .on_response(DefaultOnResponse::new().level(Level::INFO));
    let guard = CrossSiteGuard::new(settings);
    let mut router = router
        .layer(CatchPanicLayer::custom(panic_response))
        // Inside the headers and logging below, so its refusals get them too.
        .layer(from_fn_with_state(guard, refuse_cross_site))
        .layer(from_fn(log_errors))
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        ));
    let policies = [
        (
            header::CONTENT_SECURITY_POLICY,
            &settings.content_security_policy,
            "content_security_policy",
        ),
        (
            PERMISSIONS_POLICY,
            &settings.permissions_policy,
            "permissions_policy",
        ),
    ];
    for (name, policy, setting) in policies {
        let policy = policy.trim();
        if policy.is_empty() {
            continue;
        }
        match HeaderValue::from_str(policy) {
            Ok(value) => {
                router = router.layer(SetResponseHeaderLayer::if_not_present(name, value));
            }
            Err(_) => tracing::warn!("{setting} is not a valid header value; none sent"),
        }
    }
    let router = router
        .layer(from_fn(close_if_body_unread))
        .layer(from_fn(server_timing))
        .layer(trace)
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid));
    // Outermost, so routing sees the overridden method.
    Router::new().fallback_service(MapRequestLayer::new(override_method).layer(router))
}

/// The header REST clients use to send PUT, PATCH and DELETE as POST (spec §7).
pub const METHOD_OVERRIDE: &str = "x-http-method-override";

/// A POST with `X-HTTP-Method-Override: PUT|PATCH|DELETE` is routed as that method; other
/// values and other methods are left alone (an override can never turn a GET into a write).
fn override_method(mut request: Request) -> Request {
    if request.method() != Method::POST {
        return request;
    }
    let wanted = request
        .headers()
        .get(METHOD_OVERRIDE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().to_ascii_uppercase());
    let method = match wanted.as_deref() {
        Some("PUT") => Method::PUT,
        Some("PATCH") => Method::PATCH,
        Some("DELETE") => Method::DELETE,
        _ => return request,
    };
    *request.method_mut() = method;
    request
}

/// `Server-Timing: app;dur=0.412`: the milliseconds (to the microsecond) the server spent
/// until the response's head, every layer inside the log's included; what bench/search.sh
/// reports as server time beside wrk's latency (tower-http logs whole milliseconds).
async fn server_timing(request: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let mut response = next.run(request).await;
    let micros = started.elapsed().as_micros();
    let value = format!("app;dur={}.{:03}", micros / 1000, micros % 1000);
    if let Ok(value) = HeaderValue::from_str(&value) {
        response.headers_mut().insert(SERVER_TIMING, value);
    }
    response
}

/// Logs the cause of internal errors with the request id; the client saw a generic message.
async fn log_errors(request: Request, next: Next) -> Response {
    let id = request_id(&request);
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if let Some(InternalCause(err)) = response.extensions().get::<InternalCause>() {
        tracing::error!(request_id = %id, %method, %path, error = ?err, "request failed");
    }
    response
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic")
        .to_owned();
    ApiError::internal(anyhow::anyhow!("handler panicked: {detail}")).into_response()
}
