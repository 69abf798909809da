//! The shop's social feed (the Instagram block): recent posts through the `SocialFeed` port,
//! whose adapter caches and logs its own failures.

use std::sync::Arc;

use vitrine_domain::content::FeedPost;
use vitrine_domain::ports::SocialFeed;

use crate::error::{AppError, AppResult, Missing};

/// The feed, when the shop has one. Cheap to clone.
#[derive(Clone, Default)]
pub struct Feed {
    source: Option<Arc<dyn SocialFeed>>,
}

impl Feed {
    pub fn new(source: Option<Arc<dyn SocialFeed>>) -> Self {
        Self { source }
    }

    /// The feed's recent posts; `NotFound` when the shop has no feed configured.
    pub async fn posts(&self) -> AppResult<Arc<[FeedPost]>> {
        let source = self
            .source
            .as_ref()
            .ok_or(AppError::NotFound(Missing::Feed))?;
        source
            .recent_posts()
            .await
            .map_err(|_| AppError::FeedUnavailable)
    }
}
