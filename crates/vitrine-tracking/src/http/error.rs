//! The shop's error envelope `{code, message, field?}` for the tracking endpoints (the same
//! shape as vitrine-http's `ApiError`, defined here so this crate does not depend on it).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::ports::StoreError;
use crate::service::{ConsentError, IntakeError};

/// Largest accepted event body.
pub const MAX_EVENT_BYTES: usize = 16 * 1024;

/// Documented as `TrackingErrorBody`: the shop's `ErrorBody` has an enum of its own codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = TrackingErrorBody)]
pub struct ErrorBody {
    /// Stable snake_case code: `invalid_event`, `forged_event`, `replayed_event`,
    /// `event_too_large`, `rate_limited`, `invalid_consent`, `internal`.
    pub code: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: ErrorBody,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> Self {
        Self {
            status,
            body: ErrorBody {
                code: code.to_owned(),
                message: message.into(),
                field: None,
            },
        }
    }

    fn with_field(mut self, field: &str) -> Self {
        self.body.field = Some(field.to_owned());
        self
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "event_too_large",
            format!("events are limited to {MAX_EVENT_BYTES} bytes"),
        )
    }

    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many requests; slow down",
        )
    }

    /// Logged with its cause; the client only learns that it was our fault.
    pub fn internal(cause: &dyn std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "tracking request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Something went wrong on our side.",
        )
    }
}

impl From<IntakeError> for ApiError {
    fn from(err: IntakeError) -> Self {
        let message = err.to_string();
        match err {
            IntakeError::Malformed(_) => {
                Self::new(StatusCode::BAD_REQUEST, "invalid_event", message)
            }
            IntakeError::Invalid(invalid) => {
                Self::new(StatusCode::BAD_REQUEST, "invalid_event", invalid.message)
                    .with_field(invalid.field)
            }
            IntakeError::MissingToken => {
                Self::new(StatusCode::UNAUTHORIZED, "forged_event", message)
                    .with_field("page_token")
            }
            IntakeError::Forged(_) => {
                Self::new(StatusCode::FORBIDDEN, "forged_event", message).with_field("page_token")
            }
            IntakeError::Replayed => {
                Self::new(StatusCode::CONFLICT, "replayed_event", message).with_field("event_id")
            }
            IntakeError::Store(e) => Self::internal(&e),
        }
    }
}

impl From<ConsentError> for ApiError {
    fn from(err: ConsentError) -> Self {
        match err {
            ConsentError::Invalid { field, message } => {
                Self::new(StatusCode::BAD_REQUEST, "invalid_consent", message).with_field(field)
            }
            ConsentError::Store(e) => Self::internal(&e),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        Self::internal(&err)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}
