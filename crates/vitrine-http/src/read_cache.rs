//! The web side of the read cache (`vitrine_app::read_cache`, ADR 0018): a handler's response
//! taken as bytes to keep, kept bytes answered with their strong `ETag` (or `304 Not
//! Modified` when `If-None-Match` names it), and every write through this instance noted so
//! its own next read sees it.

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use vitrine_app::pricing::Pricer;
use vitrine_app::read_cache::Rendered;
use vitrine_domain::money::Currency;

use crate::error::ApiError;
use crate::state::AppState;

/// The kept bytes of `address` in `currency` (at the catalogue's current version), or
/// `render`'s, kept for the next reader. `render` gets a pricer made for this render, after
/// the key's pricing generation was read: bytes are never older than their key's prices.
pub async fn kept<F, Fut>(
    state: &AppState,
    currency: Currency,
    address: String,
    render: F,
) -> Result<std::sync::Arc<Rendered>, ApiError>
where
    F: FnOnce(Pricer) -> Fut,
    Fut: Future<Output = Result<Response, ApiError>>,
{
    state
        .shop()
        .read_cache()
        .read(currency, address, || async {
            let pricer = state.shop().pricing().pricer(currency)?;
            rendered(render(pricer).await?).await
        })
        .await
}

/// [`kept`] as the answer to a request with `request`'s headers (a 304 when it holds the tag).
pub async fn kept_answer<F, Fut>(
    state: &AppState,
    request: &HeaderMap,
    currency: Currency,
    address: String,
    render: F,
) -> Result<Response, ApiError>
where
    F: FnOnce(Pricer) -> Fut,
    Fut: Future<Output = Result<Response, ApiError>>,
{
    let kept = kept(state, currency, address, render).await?;
    Ok(respond(request, &kept))
}

/// A rendered response as bytes to keep (its status, headers and body).
pub async fn rendered(response: Response) -> Result<Rendered, ApiError> {
    let (parts, body) = response.into_parts();
    let body = to_bytes(body, usize::MAX)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("rendering a kept read: {e}")))?;
    // Kept in a buffer of its exact size: a body made from a grown `String` keeps the whole
    // allocation (up to twice its length), which the cache's byte bound would not count.
    let body = axum::body::Bytes::copy_from_slice(&body);
    let headers = parts
        .headers
        .iter()
        .filter_map(|(name, value)| {
            value
                .to_str()
                .ok()
                .map(|v| (name.as_str().to_owned(), v.to_owned()))
        })
        .collect();
    Ok(Rendered::new(parts.status.as_u16(), headers, body))
}

/// Kept bytes as the answer to a request: `304` with the tag when the client holds them.
pub fn respond(request: &HeaderMap, kept: &Rendered) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let holds = status == StatusCode::OK
        && request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| kept.matches(v));
    let mut response = if holds {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(kept.body.clone()));
        *response.status_mut() = status;
        response
    };
    let headers = response.headers_mut();
    for (name, value) in &kept.headers {
        // A 304 carries the validators and caching headers, not the body's.
        if holds && (name == "content-type" || name == "content-length") {
            continue;
        }
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(value),
        ) {
            headers.append(name, value);
        }
    }
    if let Ok(tag) = HeaderValue::from_str(&kept.etag) {
        headers.insert(header::ETAG, tag);
    }
    response
}

/// Every write through this instance (a method other than GET, HEAD or OPTIONS, whatever its
/// answer: a failed one may have written part) makes its next read ask the database for the
/// catalogue's change counter.
pub async fn note_writes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let writes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let response = next.run(request).await;
    if writes {
        state.shop().catalogue_version().written();
    }
    response
}
