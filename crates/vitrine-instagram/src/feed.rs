//! The feed cache as the application's `SocialFeed` port.

use std::sync::Arc;

use async_trait::async_trait;
use vitrine_domain::content::{FeedMediaType, FeedPost, FeedUnavailable};
use vitrine_domain::ports::SocialFeed;

use crate::{FeedCache, InstagramPost, MediaType};

#[async_trait]
impl SocialFeed for FeedCache {
    async fn recent_posts(&self) -> Result<Arc<[FeedPost]>, FeedUnavailable> {
        // The cache has logged the failure; its text is scrubbed of the token.
        let posts = self
            .recent_media()
            .await
            .map_err(|e| FeedUnavailable(e.to_string()))?;
        Ok(posts.iter().map(feed_post).collect())
    }
}

fn feed_post(post: &InstagramPost) -> FeedPost {
    FeedPost {
        id: post.id.clone(),
        caption: post.caption.clone(),
        media_type: match post.media_type {
            MediaType::Image => FeedMediaType::Image,
            MediaType::Video => FeedMediaType::Video,
            MediaType::CarouselAlbum => FeedMediaType::CarouselAlbum,
        },
        image_url: post.image_url.clone(),
        permalink: post.permalink.clone(),
        timestamp: post.timestamp,
    }
}
