//! Who places an order: a guest, or a logged-in customer whose state-changing calls carry the
//! REST nonce like every other account call (spec §6; ADR 0010).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use vitrine_domain::account::User;

use crate::account::{NONCE_HEADER, Viewer};
use crate::error::ApiError;
use crate::state::AppState;

/// A guest (`None`), or a logged-in user whose call carries this login's nonce.
#[derive(Debug, Clone)]
pub struct Customer(pub Option<User>);

impl FromRequestParts<AppState> for Customer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let viewer = Viewer::read(&parts.headers, state).await?;
        let Some(token) = viewer.token else {
            return Ok(Self(None));
        };
        let nonce = parts
            .headers
            .get(NONCE_HEADER)
            .and_then(|v| v.to_str().ok());
        let signed = state
            .shop()
            .accounts()
            .signed_in(Some(token), nonce)
            .await?;
        Ok(Self(Some(signed.user)))
    }
}
