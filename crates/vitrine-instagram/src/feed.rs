//! The feed cache as the application's `SocialFeed` port (its posts are the domain's).

use std::sync::Arc;

use async_trait::async_trait;
use vitrine_domain::content::{FeedPost, FeedUnavailable};
use vitrine_domain::ports::SocialFeed;

use crate::FeedCache;

#[async_trait]
impl SocialFeed for FeedCache {
    async fn recent_posts(&self) -> Result<Arc<[FeedPost]>, FeedUnavailable> {
        // The cache has logged the failure; its text is scrubbed of the token.
        self.recent_media()
            .await
            .map_err(|e| FeedUnavailable(e.to_string()))
    }
}
