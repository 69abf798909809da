//! An uploaded image on the wire: its sizes' URLs and the srcset the storefront uses.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::media::{Attachment, size_path, source_url};

/// One rendered size.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MediaSizeView {
    /// `thumbnail`, `medium`, `large` or `full`.
    pub name: String,
    pub url: String,
    pub width: u32,
    pub height: u32,
}

/// An attachment: the original's name, type and dimensions, and its WebP sizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MediaView {
    pub id: i64,
    pub file_name: String,
    pub mime_type: String,
    pub width: u32,
    pub height: u32,
    pub sizes: Vec<MediaSizeView>,
    /// "/media/uploads/7/medium.webp 300w, …/large.webp 1024w, …/full.webp 2560w" (the
    /// cropped thumbnail is left out: another aspect ratio).
    pub srcset: String,
    /// What a product's image URL (the CSV's `Images` column) names to use this upload.
    #[schema(nullable = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
}

impl MediaView {
    pub fn new(a: &Attachment) -> Self {
        let sizes: Vec<MediaSizeView> = a
            .sizes
            .iter()
            .map(|s| MediaSizeView {
                name: s.name.clone(),
                url: size_path(a.id, &s.name),
                width: s.width,
                height: s.height,
            })
            .collect();
        let srcset = sizes
            .iter()
            .filter(|s| s.name != "thumbnail")
            .map(|s| format!("{} {}w", s.url, s.width))
            .collect::<Vec<_>>()
            .join(", ");
        Self {
            id: a.id.0,
            file_name: a.file_name.clone(),
            mime_type: a.mime.clone(),
            width: a.width,
            height: a.height,
            sizes,
            srcset,
            source_url: source_url(a),
        }
    }
}
