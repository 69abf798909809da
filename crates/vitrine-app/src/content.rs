//! Editable content blocks (ADR 0010): a block is its saved edit, or its default until the
//! owner saves one. Only users who may edit pages save.

use std::sync::Arc;

use vitrine_domain::account::User;
use vitrine_domain::content::{BlockDefault, ContentBlock, default_block, validate_edit};
use vitrine_domain::ports::ContentStore;

use crate::clock::Clock;
use crate::error::{AppError, AppResult, Missing, Refusal};

/// A block with the default it belongs to (the page it sits on).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub block: ContentBlock,
    pub default: &'static BlockDefault,
}

fn known(slug: &str) -> AppResult<&'static BlockDefault> {
    default_block(slug).ok_or_else(|| AppError::NotFound(Missing::Block(slug.to_owned())))
}

/// Content blocks through their port. Cheap to clone.
#[derive(Clone)]
pub struct Content {
    store: Arc<dyn ContentStore>,
    clock: Clock,
}

impl Content {
    pub fn new(store: Arc<dyn ContentStore>, clock: Clock) -> Self {
        Self { store, clock }
    }

    /// A block as shoppers see it now.
    pub async fn block(&self, slug: &str) -> AppResult<Block> {
        let default = known(slug)?;
        let stored = self.store.block(slug).await?;
        Ok(Block {
            block: stored.unwrap_or_else(|| default.to_block()),
            default,
        })
    }

    /// Saves `user`'s edit of a block.
    pub async fn edit(&self, user: &User, slug: &str, title: &str, body: &str) -> AppResult<Block> {
        let default = known(slug)?;
        if !user.capabilities().edit_pages {
            return Err(AppError::refused(Refusal::Forbidden(
                "Sorry, you are not allowed to edit this block.",
            )));
        }
        let (title, body) =
            validate_edit(title, body).map_err(|e| AppError::invalid(e.field(), e.to_string()))?;
        let now = (self.clock)();
        let block = ContentBlock {
            slug: default.slug.to_owned(),
            title,
            body,
            updated_at: Some(now.replace_nanosecond(0).unwrap_or(now)),
        };
        self.store.save_block(&block).await?;
        tracing::info!(block = %block.slug, user = user.id.0, "content block saved");
        Ok(Block { block, default })
    }
}
