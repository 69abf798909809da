//! Extractors whose rejections speak the API's error envelope instead of axum's plain text.

use axum::extract::path::ErrorKind;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, RawPathParams};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Extension};
use axum::http::HeaderMap;

use crate::state::AppState;

use crate::error::{ApiError, ErrorCode};

/// `axum::Json` with envelope rejections (`invalid_json`, `unsupported_media_type`).
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct AppJson<T>(pub T);

/// `axum::extract::Query` with `invalid_parameter` rejections.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct AppQuery<T>(pub T);

/// `axum::extract::Path` with `invalid_parameter` rejections naming the parameter.
#[derive(Debug)]
pub struct AppPath<T>(pub T);

impl<T, S> FromRequestParts<S> for AppPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(Self(value)),
            Err(rejection) => {
                // A single-value path reports no key; name it from the route's only parameter.
                let raw = RawPathParams::from_request_parts(parts, state).await.ok();
                let only = raw.as_ref().and_then(|r| {
                    let mut keys = r.iter().map(|(key, _)| key.to_owned());
                    keys.next().filter(|_| keys.next().is_none())
                });
                Err(path_error(rejection, only))
            }
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::unsupported_media_type(),
            JsonRejection::BytesRejection(_) => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                ErrorCode::PayloadTooLarge,
                "The request body could not be read; it may be too large.",
            ),
            // Syntax and shape errors alike: the body is not the JSON this endpoint takes.
            other => ApiError::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::InvalidJson,
                format!(
                    "The request body is not valid JSON for this endpoint: {}",
                    other.body_text()
                ),
            ),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidParameter,
            rejection.body_text(),
        )
        .with_field("query")
    }
}

fn path_error(rejection: PathRejection, only_key: Option<String>) -> ApiError {
    let PathRejection::FailedToDeserializePathParams(err) = &rejection else {
        // Only reachable when a handler is mounted without path parameters: our bug.
        return ApiError::internal(anyhow::anyhow!("path extraction: {rejection}"));
    };
    let field = match err.kind() {
        ErrorKind::ParseErrorAtKey { key, .. }
        | ErrorKind::InvalidUtf8InPathParam { key }
        | ErrorKind::DeserializeError { key, .. } => key.clone(),
        _ => only_key.unwrap_or_else(|| "path".to_owned()),
    };
    let message = match err.kind() {
        ErrorKind::ParseErrorAtKey { expected_type, .. }
        | ErrorKind::ParseErrorAtIndex { expected_type, .. }
        | ErrorKind::ParseError { expected_type, .. }
            if expected_type.starts_with('i') || expected_type.starts_with('u') =>
        {
            format!("The `{field}` path parameter must be a whole number.")
        }
        _ => format!("The `{field}` path parameter is malformed."),
    };
    ApiError::invalid_parameter(&field, message)
}

/// The key rate limits count by: the client address (behind the configured number of trusted
/// proxies), or "unknown".
pub fn client_key(
    state: &AppState,
    headers: &HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> String {
    let hops = state.settings().trusted_proxy_hops;
    let ip = crate::client_ip::client_ip(headers, peer.map(|p| p.0.0.ip()), hops);
    crate::client_ip::client_key(ip)
}

/// Refuses with 415 `unsupported_media_type` unless `Content-Type` declares JSON
/// (`application/json` or `application/…+json`, parameters allowed), the rule `AppJson`
/// applies, for handlers that read their body themselves. A page on another site can send
/// `text/plain`, form or multipart bodies without asking, but not JSON.
pub fn require_json(headers: &HeaderMap) -> Result<(), ApiError> {
    let essence = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase());
    let json = essence
        .as_deref()
        .and_then(|v| v.split_once('/'))
        .is_some_and(|(kind, sub)| {
            kind == "application" && (sub == "json" || sub.len() > 5 && sub.ends_with("+json"))
        });
    if json {
        Ok(())
    } else {
        Err(ApiError::unsupported_media_type())
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn typed(value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("content-type", HeaderValue::from_static(value));
        headers
    }

    #[test]
    fn only_json_content_types_pass() {
        for ok in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "application/merge-patch+json",
        ] {
            assert!(require_json(&typed(ok)).is_ok(), "{ok}");
        }
        for refused in [
            "text/plain",
            "text/plain; charset=utf-8",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "text/json",
            "application/jsonp",
            "application/+json",
            "",
        ] {
            let err = require_json(&typed(refused)).expect_err(refused);
            assert_eq!(err.code(), ErrorCode::UnsupportedMediaType, "{refused}");
        }
        assert!(require_json(&HeaderMap::new()).is_err());
    }
}
