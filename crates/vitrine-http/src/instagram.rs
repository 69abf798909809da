//! The Instagram feed block (spec §6–§8): `GET /api/v1/instagram` answers the shop's recent
//! posts from the per-instance feed cache (`vitrine-instagram`), or 502
//! `instagram_unavailable`; the web block logs that and shows "Instagram error" to admin-bar
//! users only.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use time::format_description::well_known::Rfc3339;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_domain::content::{FeedMediaType as MediaType, FeedPost};

use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// One post of the feed.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InstagramPostView {
    pub id: String,
    #[schema(required = true)]
    pub caption: Option<String>,
    pub media_type: InstagramMediaType,
    /// The image, or a video's thumbnail.
    pub image_url: String,
    pub permalink: String,
    /// RFC 3339; null when Instagram gave none.
    #[schema(required = true)]
    pub timestamp: Option<String>,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InstagramMediaType {
    Image,
    Video,
    CarouselAlbum,
}

/// `{ "posts": [...] }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct InstagramFeedResponse {
    pub posts: Vec<InstagramPostView>,
}

impl From<&FeedPost> for InstagramPostView {
    fn from(post: &FeedPost) -> Self {
        Self {
            id: post.id.clone(),
            caption: post.caption.clone(),
            media_type: match post.media_type {
                MediaType::Image => InstagramMediaType::Image,
                MediaType::Video => InstagramMediaType::Video,
                MediaType::CarouselAlbum => InstagramMediaType::CarouselAlbum,
            },
            image_url: post.image_url.clone(),
            permalink: post.permalink.clone(),
            timestamp: post.timestamp.and_then(|t| t.format(&Rfc3339).ok()),
        }
    }
}

/// The shop's recent Instagram posts.
#[utoipa::path(get, path = "/api/v1/instagram", tag = "content",
    responses(
        (status = 200, body = InstagramFeedResponse),
        (status = 404, description = "`not_found`: no feed configured", body = ErrorBody),
        (status = 502, description = "`instagram_unavailable`: Instagram failed (logged)", body = ErrorBody)))]
pub async fn get_feed(State(state): State<AppState>) -> ApiResult<Json<InstagramFeedResponse>> {
    let posts = state.shop().feed().posts().await?;
    Ok(Json(InstagramFeedResponse {
        posts: posts.iter().map(InstagramPostView::from).collect(),
    }))
}

#[derive(OpenApi)]
struct InstagramDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(InstagramDoc::openapi()).routes(routes!(get_feed))
}
