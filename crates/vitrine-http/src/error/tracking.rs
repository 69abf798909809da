//! Tracking refusals as API errors: the intake's and the consent log's domain errors with
//! their statuses and the field at fault (ADR 0007).

use axum::http::StatusCode;
use vitrine_app::tracking::TrackingError;
use vitrine_app::tracking::{ConsentError, IntakeError};

use super::{ApiError, ErrorCode};
use vitrine_app::tracking::intake::MAX_EVENT_BYTES;

impl ApiError {
    /// 413 for a tracking body over its limit (events and consent decisions alike).
    pub(crate) fn event_too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::EventTooLarge,
            format!("events are limited to {MAX_EVENT_BYTES} bytes"),
        )
    }

    /// 400 for a consent body that is not the JSON the endpoint takes.
    pub(crate) fn malformed_consent(err: &serde_json::Error) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::InvalidConsent,
            err.to_string(),
        )
    }
}

impl From<IntakeError> for ApiError {
    fn from(err: IntakeError) -> Self {
        let message = err.to_string();
        match err {
            IntakeError::Malformed(_) => {
                Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidEvent, message)
            }
            IntakeError::Invalid(invalid) => Self::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::InvalidEvent,
                invalid.message,
            )
            .with_field(invalid.field),
            IntakeError::MissingToken => {
                Self::new(StatusCode::UNAUTHORIZED, ErrorCode::ForgedEvent, message)
                    .with_field("page_token")
            }
            IntakeError::Forged(_) => {
                Self::new(StatusCode::FORBIDDEN, ErrorCode::ForgedEvent, message)
                    .with_field("page_token")
            }
            IntakeError::ForeignOrigin => Self::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::InvalidEvent,
                "is not on this shop's origin",
            )
            .with_field("event_source_url"),
            IntakeError::ServerOnly(_) => Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::ServerOnlyEvent,
                message,
            )
            .with_field("event_name"),
            IntakeError::Replayed => {
                Self::new(StatusCode::CONFLICT, ErrorCode::ReplayedEvent, message)
                    .with_field("event_id")
            }
            IntakeError::Store(e) => Self::internal(e),
        }
    }
}

impl From<ConsentError> for ApiError {
    fn from(err: ConsentError) -> Self {
        match err {
            ConsentError::Invalid { field, message } => {
                Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidConsent, message)
                    .with_field(field)
            }
            ConsentError::Store(e) => Self::internal(e),
        }
    }
}

impl From<TrackingError> for ApiError {
    fn from(err: TrackingError) -> Self {
        Self::internal(err)
    }
}

#[cfg(test)]
mod tests {
    use vitrine_app::tracking::event::EventName;
    use vitrine_app::tracking::intake::InvalidEvent;
    use vitrine_app::tracking::token::TokenError;

    use super::*;

    #[test]
    fn every_intake_refusal_has_its_status_code_and_field() {
        let invalid = InvalidEvent {
            field: "custom_data.value",
            message: "must be a number".into(),
        };
        let cases = [
            (
                IntakeError::Malformed("x".into()),
                400,
                "invalid_event",
                None,
            ),
            (
                IntakeError::Invalid(invalid),
                400,
                "invalid_event",
                Some("custom_data.value"),
            ),
            (
                IntakeError::MissingToken,
                401,
                "forged_event",
                Some("page_token"),
            ),
            (
                IntakeError::Forged(TokenError::Expired),
                403,
                "forged_event",
                Some("page_token"),
            ),
            (
                IntakeError::Forged(TokenError::OtherPage),
                403,
                "forged_event",
                Some("page_token"),
            ),
            (
                IntakeError::ForeignOrigin,
                400,
                "invalid_event",
                Some("event_source_url"),
            ),
            (
                IntakeError::ServerOnly(EventName::Purchase),
                422,
                "server_only_event",
                Some("event_name"),
            ),
            (
                IntakeError::Replayed,
                409,
                "replayed_event",
                Some("event_id"),
            ),
        ];
        for (err, status, code, field) in cases {
            let body = body_of(ApiError::from(err), status);
            assert_eq!(body["code"], code);
            assert_eq!(body["field"].as_str(), field);
        }
    }

    #[test]
    fn an_invalid_consent_names_its_field() {
        let err = ConsentError::Invalid {
            field: "banner_version",
            message: "must not be empty",
        };
        let body = body_of(ApiError::from(err), 400);
        assert_eq!(
            body,
            serde_json::json!({"code": "invalid_consent", "message": "must not be empty",
                "field": "banner_version"})
        );
    }

    fn body_of(err: ApiError, status: u16) -> serde_json::Value {
        assert_eq!(err.status().as_u16(), status, "{err:?}");
        let body = super::super::ErrorBody {
            code: err.code,
            message: err.message,
            field: err.field.map(String::from),
            product_url: None,
            available: None,
            pay_url: None,
        };
        serde_json::to_value(body).expect("serializes")
    }
}
