//! Content blocks as pages and the block editor show them (ADR 0010).

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use vitrine_domain::content::{BlockDefault, ContentBlock};

use super::markdown::markdown_to_safe_html;

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

/// The home page's blocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct HomeBlocks {
    pub welcome: BlockView,
    pub about: BlockView,
}

impl BlockView {
    /// A block as shown, with where to edit it.
    pub fn new(block: ContentBlock, default: &BlockDefault) -> Self {
        let page_url = default.page_path.to_owned();
        Self {
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
}
