//! Content blocks (ADR 0010): `GET`/`PUT /api/v1/blocks/{slug}` and the blocks the home page
//! carries. Defaults live in `vitrine_domain::content`; saved edits in the content store.

mod render;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::OpenApi;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::content::Block;
use vitrine_domain::content::{BlockDefault, ContentBlock};

pub use render::markdown_to_safe_html;

use crate::account::SignedIn;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AppJson, AppPath};
use crate::responses::Internal;
use crate::state::AppState;

/// A content block with its edit links (drawn for users with `edit_pages`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BlockView {
    pub slug: String,
    pub title: String,
    /// Markdown, as the editor shows it.
    pub body: String,
    /// The body rendered and sanitised, safe to inline.
    pub body_html: String,
    /// When the owner last saved it; null for the default text.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub updated_at: Option<OffsetDateTime>,
    /// The page the block sits on.
    pub page_url: String,
    /// The page in page-builder mode for this block (edit in place).
    pub builder_url: String,
    /// The backend editor form.
    pub editor_url: String,
}

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

/// The home page's blocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct HomeBlocks {
    pub welcome: BlockView,
    pub about: BlockView,
}

fn view(block: ContentBlock, default: &BlockDefault) -> BlockView {
    let page_url = default.page_path.to_owned();
    BlockView {
        body_html: markdown_to_safe_html(&block.body),
        builder_url: format!("{page_url}?builder={}", block.slug),
        editor_url: format!("/my-account/blocks/{}/", block.slug),
        page_url,
        slug: block.slug,
        title: block.title,
        body: block.body,
        updated_at: block.updated_at,
    }
}

pub(crate) async fn block_view(state: &AppState, slug: &str) -> ApiResult<BlockView> {
    let Block { block, default } = state.shop().content().block(slug).await?;
    Ok(view(block, default))
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
        (status = 403, description = "`invalid_nonce`, `forbidden` (no `edit_pages`)", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
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
        block: view(block, default),
    }))
}

#[derive(OpenApi)]
#[openapi(tags((name = "content", description = "Editable content blocks (ADR 0010)")))]
struct ContentDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ContentDoc::openapi()).routes(routes!(get_block, put_block))
}
