//! The shop's social feed (the Instagram block): recent posts through the `SocialFeed` port,
//! whose adapter caches and logs its own failures.

use std::sync::Arc;

use vitrine_domain::content::FeedPost;

use crate::error::{AppError, AppResult, Missing};
use crate::shop::Shop;

impl Shop {
    /// The feed's recent posts; `NotFound` when the shop has no feed configured.
    pub async fn feed_posts(&self) -> AppResult<Arc<[FeedPost]>> {
        let feed = self
            .ports()
            .feed
            .as_ref()
            .ok_or(AppError::NotFound(Missing::Feed))?;
        feed.recent_posts()
            .await
            .map_err(|_| AppError::FeedUnavailable)
    }
}
