//! The shop's social feed as the storefront shows it (the Instagram block): posts with a
//! square image linking to the post. The adapter (`vitrine-instagram`) fetches and caches them.

use serde::Serialize;
use time::OffsetDateTime;

/// One post: a square image linking to the post on the social network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeedPost {
    pub id: String,
    /// The full caption (the storefront takes its first line as the link's name).
    pub caption: Option<String>,
    pub media_type: FeedMediaType,
    /// An image to show: the media itself, or a video's thumbnail.
    pub image_url: String,
    /// The post's own page.
    pub permalink: String,
    #[serde(with = "time::serde::rfc3339::option")]
    pub timestamp: Option<OffsetDateTime>,
}

/// The kinds of media shown; adapters skip other kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FeedMediaType {
    Image,
    Video,
    CarouselAlbum,
}

/// Why the feed could not be read; the adapter has logged the cause (it may carry secrets
/// upstream, so only its safe text travels).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the social feed is unavailable: {0}")]
pub struct FeedUnavailable(pub String);
