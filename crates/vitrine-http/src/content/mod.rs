//! Content blocks (ADR 0010): `GET`/`PUT /api/v1/blocks/{slug}` and the blocks the home page
//! carries. Defaults live in `vitrine_domain::content`; saved edits in the content store.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::OpenApi;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::content::Block;

use crate::account::SignedIn;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;
use crate::views::{BlockView, HomeBlocks};

/// `{ "block": BlockView }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlockResponse {
    pub block: BlockView,
}

/// A block edit: title (one line, ≤ 200 characters) and Markdown body (≤ 20,000).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateBlockRequest {
    pub title: String,
    pub body: String,
}

pub(crate) async fn block_view(state: &AppState, slug: &str) -> ApiResult<BlockView> {
    let Block { block, default } = state.shop().content().block(slug).await?;
    Ok(BlockView::new(block, default))
}

pub(crate) async fn home_blocks(state: &AppState) -> ApiResult<HomeBlocks> {
    Ok(HomeBlocks {
        welcome: block_view(state, "home-welcome").await?,
        about: block_view(state, "home-about").await?,
    })
}

/// A content block.
#[utoipa::path(get, path = "/api/v1/blocks/{slug}", tag = "content",
    params(("slug" = String, Path, description = "Block slug (`home-welcome`, `home-about`)")),
    responses(
        (status = 200, body = BlockResponse),
        (status = 404, description = "`not_found`", body = ErrorBody),
        Internal))]
pub async fn get_block(
    State(state): State<AppState>,
    AppPath(slug): AppPath<String>,
) -> ApiResult<Json<BlockResponse>> {
    let block = block_view(&state, &slug).await?;
    Ok(Json(BlockResponse { block }))
}

/// Save a content block (users who may edit pages).
#[utoipa::path(put, path = "/api/v1/blocks/{slug}", tag = "content",
    params(
        ("slug" = String, Path, description = "Block slug"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = UpdateBlockRequest,
    responses(
        (status = 200, body = BlockResponse),
        (status = 400, description = "`invalid_json`; `invalid_parameter` with `field` title or body", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (no `edit_pages`)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn put_block(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(slug): AppPath<String>,
    AppJson(request): AppJson<UpdateBlockRequest>,
) -> ApiResult<Json<BlockResponse>> {
    let Block { block, default } = state
        .shop()
        .content()
        .edit(&signed_in.user, &slug, &request.title, &request.body)
        .await?;
    Ok(Json(BlockResponse {
        block: BlockView::new(block, default),
    }))
}

#[derive(OpenApi)]
#[openapi(tags((name = "content", description = "Editable content blocks (ADR 0010)")))]
struct ContentDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ContentDoc::openapi()).routes(routes!(get_block, put_block))
}
