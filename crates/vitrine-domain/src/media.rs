//! Uploaded media (ADR 0016): an attachment is an uploaded image whose original is kept and whose
//! sizes (thumbnail, medium, large, full; WebP) are rendered after it is stored. Until they are,
//! it is pending, and the uploader may ask again ("post-process") or delete it.

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::account::UserId;
use crate::ports::StoreError;

/// An attachment's id (WordPress's attachment post id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MediaId(pub i64);

impl std::fmt::Display for MediaId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// One rendered size, by its name (`thumbnail`, `medium`, `large`, `full`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSize {
    pub name: String,
    pub width: u32,
    pub height: u32,
}

/// What the upload use case stores before any size is rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAttachment {
    /// The uploaded file's name, cleaned (no path).
    pub file_name: String,
    /// The original's media type, by its content.
    pub mime: String,
    pub width: u32,
    pub height: u32,
    pub uploaded_by: UserId,
    pub created_at: OffsetDateTime,
}

/// A stored attachment. `sizes` is empty while it is pending.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub id: MediaId,
    pub file_name: String,
    pub mime: String,
    pub width: u32,
    pub height: u32,
    pub uploaded_by: UserId,
    pub created_at: OffsetDateTime,
    pub sizes: Vec<StoredSize>,
}

impl Attachment {
    /// Whether its sizes have been rendered.
    pub fn is_ready(&self) -> bool {
        !self.sizes.is_empty()
    }

    pub fn size(&self, name: &str) -> Option<&StoredSize> {
        self.sizes.iter().find(|s| s.name == name)
    }
}

/// Where attachments are recorded.
#[async_trait]
pub trait MediaStore: Send + Sync + 'static {
    async fn create_attachment(&self, new: &NewAttachment) -> Result<Attachment, StoreError>;
    async fn attachment(&self, id: MediaId) -> Result<Option<Attachment>, StoreError>;
    /// Records the rendered sizes, replacing any recorded before.
    async fn save_sizes(&self, id: MediaId, sizes: &[StoredSize]) -> Result<(), StoreError>;
    /// `false` when there was no such attachment.
    async fn delete_attachment(&self, id: MediaId) -> Result<bool, StoreError>;
}

/// Where attachments' files are kept: the original (`original`) and one file per size
/// (`thumbnail.webp`, …), by attachment.
#[async_trait]
pub trait MediaFiles: Send + Sync + 'static {
    async fn write(&self, id: MediaId, name: &str, bytes: &[u8]) -> Result<(), StoreError>;
    async fn read(&self, id: MediaId, name: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Removes every file of the attachment (nothing to remove is fine).
    async fn remove_all(&self, id: MediaId) -> Result<(), StoreError>;
}

/// The path a rendered size is served at.
pub fn size_path(id: MediaId, size: &str) -> String {
    format!("/media/uploads/{id}/{size}.webp")
}

/// An uploaded image's sizes as a catalogue image's `source_url` names them: the full size's
/// path with every size's dimensions, `/media/uploads/12/full.webp?sizes=150x150-300x200-…`
/// (thumbnail, medium, large, full), so the storefront can give a srcset without a lookup. No
/// commas: the CSV's `Images` cell is a comma-separated list.
pub fn source_url(attachment: &Attachment) -> Option<String> {
    let names = ["thumbnail", "medium", "large", "full"];
    let dims: Option<Vec<String>> = names
        .iter()
        .map(|n| {
            attachment
                .size(n)
                .map(|s| format!("{}x{}", s.width, s.height))
        })
        .collect();
    Some(format!(
        "{}?sizes={}",
        size_path(attachment.id, "full"),
        dims?.join("-")
    ))
}

/// The attachment and sizes a `source_url` of [`source_url`]'s form names; `None` for any
/// other URL.
pub fn parse_source_url(url: &str) -> Option<(MediaId, Vec<StoredSize>)> {
    let rest = url.strip_prefix("/media/uploads/")?;
    let (id, rest) = rest.split_once('/')?;
    let id = MediaId(id.parse().ok().filter(|n: &i64| *n > 0)?);
    let dims = rest.strip_prefix("full.webp?sizes=")?;
    let names = ["thumbnail", "medium", "large", "full"];
    let sizes: Vec<StoredSize> = dims
        .split('-')
        .zip(names)
        .map(|(d, name)| {
            let (w, h) = d.split_once('x')?;
            Some(StoredSize {
                name: name.to_owned(),
                width: w.parse().ok().filter(|n| *n > 0)?,
                height: h.parse().ok().filter(|n| *n > 0)?,
            })
        })
        .collect::<Option<_>>()?;
    (sizes.len() == names.len()).then_some((id, sizes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attachment(sizes: &[(&str, u32, u32)]) -> Attachment {
        Attachment {
            id: MediaId(12),
            file_name: "hoodie.png".into(),
            mime: "image/png".into(),
            width: 3000,
            height: 2000,
            uploaded_by: UserId(1),
            created_at: OffsetDateTime::UNIX_EPOCH,
            sizes: sizes
                .iter()
                .map(|(n, w, h)| StoredSize {
                    name: (*n).into(),
                    width: *w,
                    height: *h,
                })
                .collect(),
        }
    }

    #[test]
    fn a_ready_attachment_round_trips_through_its_source_url() {
        let a = attachment(&[
            ("thumbnail", 150, 150),
            ("medium", 300, 200),
            ("large", 1024, 683),
            ("full", 2560, 1707),
        ]);
        let url = source_url(&a).expect("ready");
        assert_eq!(
            url,
            "/media/uploads/12/full.webp?sizes=150x150-300x200-1024x683-2560x1707"
        );
        assert_eq!(parse_source_url(&url), Some((MediaId(12), a.sizes.clone())));
    }

    #[test]
    fn a_pending_attachment_has_no_source_url() {
        assert!(!attachment(&[]).is_ready());
        assert_eq!(source_url(&attachment(&[])), None);
    }

    #[test]
    fn other_urls_are_not_uploads() {
        for url in [
            "https://example.com/hoodie.jpg",
            "/media/uploads/x/full.webp?sizes=1x1-1x1-1x1-1x1",
            "/media/uploads/0/full.webp?sizes=1x1-1x1-1x1-1x1",
            "/media/uploads/3/full.webp?sizes=1x1-1x1-1x1",
            "/media/uploads/3/full.webp?sizes=1x1-1x0-1x1-1x1",
        ] {
            assert_eq!(parse_source_url(url), None, "{url}");
        }
    }
}
