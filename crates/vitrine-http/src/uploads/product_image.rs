//! `PUT /api/v1/products/{id}/image`: staff make an uploaded image a product's main image
//! (issue 14, item 9). The write raises the catalogue's change counter, so kept pages and the
//! search index follow.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::media::MediaId;

use crate::account::SignedIn;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;
use crate::views::ImageView;

/// Which upload becomes the product's main image.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProductImageRequest {
    /// An uploaded image whose sizes are made (`POST /api/v1/media`).
    pub media_id: i64,
}

/// The product and its new main image, as the storefront shows it (WebP srcset).
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImageResponse {
    pub product_id: i64,
    pub image: ImageView,
}

/// Makes an uploaded image a product's main image.
#[utoipa::path(put, path = "/api/v1/products/{id}/image", tag = "media",
    params(
        ("id" = i64, Path, description = "The product id"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = ProductImageRequest,
    responses(
        (status = 200, body = ProductImageResponse),
        (status = 400, description = "`invalid_parameter` on `media_id`: no such upload, or its sizes are not made yet (post-process it first); or `id` not a whole number", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (no `edit_products`)", body = ErrorBody),
        (status = 404, description = "`product_not_found`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn set_product_image(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(id): AppPath<i64>,
    AppJson(request): AppJson<ProductImageRequest>,
) -> ApiResult<Json<ProductImageResponse>> {
    let product = state
        .shop()
        .set_product_image(&signed_in.user, ProductId(id), MediaId(request.media_id))
        .await?;
    let image = product
        .images
        .first()
        .map(|image| ImageView::new(image, &product.name))
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the image was not kept")))?;
    Ok(Json(ProductImageResponse {
        product_id: product.id.0,
        image,
    }))
}
