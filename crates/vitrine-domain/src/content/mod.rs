//! Content blocks (ADR 0010): the editable text of the shop's own pages. Every block has a
//! default in code, so a new shop has content without a seed step; the store keeps the owner's
//! edits. Bodies are Markdown written by staff; the HTTP layer renders and sanitises them.

pub mod feed;

pub use feed::{FeedMediaType, FeedPost, FeedUnavailable};

use time::OffsetDateTime;

/// A block as shown: the stored edit or the default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentBlock {
    pub slug: String,
    pub title: String,
    /// Markdown.
    pub body: String,
    /// When the owner last saved it; `None` for the default text.
    pub updated_at: Option<OffsetDateTime>,
}

/// Where a block sits, so its edit links can open that page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockDefault {
    pub slug: &'static str,
    pub page_path: &'static str,
    pub title: &'static str,
    pub body: &'static str,
}

/// The shop's blocks. Slugs are stable: they key the stored edits.
pub const BLOCKS: [BlockDefault; 2] = [
    BlockDefault {
        slug: "home-welcome",
        page_path: "/",
        title: "Welcome",
        body: "Clothing, music and decor picked for everyday use, shipped from our own shelves.",
    },
    BlockDefault {
        slug: "home-about",
        page_path: "/",
        title: "About the shop",
        body: "We are a small team who test everything we sell. Questions about a size, a \
               colour or an order? **Write to us** and a person answers within a working day.\n\n\
               - Free returns within 30 days\n- Secure card and wallet payments\n- Carbon-neutral shipping",
    },
];

pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 20_000;

/// The default for a slug, `None` for an unknown block.
pub fn default_block(slug: &str) -> Option<&'static BlockDefault> {
    BLOCKS.iter().find(|b| b.slug == slug)
}

impl BlockDefault {
    pub fn to_block(&self) -> ContentBlock {
        ContentBlock {
            slug: self.slug.to_owned(),
            title: self.title.to_owned(),
            body: self.body.to_owned(),
            updated_at: None,
        }
    }
}

/// Why an edit was refused, with the field it concerns.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BlockEditError {
    #[error("the title cannot be empty")]
    EmptyTitle,
    #[error("the title is longer than 200 characters")]
    TitleTooLong,
    #[error("the content is longer than 20000 characters")]
    BodyTooLong,
}

impl BlockEditError {
    pub fn field(&self) -> &'static str {
        match self {
            Self::EmptyTitle | Self::TitleTooLong => "title",
            Self::BodyTooLong => "body",
        }
    }
}

/// An edit that passed the rules: the title trimmed to one line, the body's line ends unified.
pub fn validate_edit(title: &str, body: &str) -> Result<(String, String), BlockEditError> {
    let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
    if title.is_empty() {
        return Err(BlockEditError::EmptyTitle);
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(BlockEditError::TitleTooLong);
    }
    let body = body.replace("\r\n", "\n").trim().to_owned();
    if body.chars().count() > MAX_BODY_CHARS {
        return Err(BlockEditError::BodyTooLong);
    }
    Ok((title, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_block_has_a_unique_slug_and_a_default() {
        for block in BLOCKS {
            assert_eq!(default_block(block.slug), Some(&block));
            assert!(block.page_path.starts_with('/'));
        }
        assert_eq!(default_block("nope"), None);
    }

    #[test]
    fn edits_are_trimmed_and_checked() {
        assert_eq!(
            validate_edit("  About\n us ", "Hello\r\nworld\n"),
            Ok(("About us".to_owned(), "Hello\nworld".to_owned()))
        );
        assert_eq!(validate_edit(" ", "x"), Err(BlockEditError::EmptyTitle));
        assert_eq!(
            validate_edit(&"t".repeat(201), "x").map_err(|e| e.field()),
            Err("title")
        );
        assert_eq!(
            validate_edit("t", &"b".repeat(20_001)).map_err(|e| e.field()),
            Err("body")
        );
        assert_eq!(validate_edit("t", ""), Ok(("t".to_owned(), String::new())));
    }
}
