//! Uploaded product images (ADR 0016): staff upload an image, it is checked against the limits
//! and stored, then its WebP sizes are rendered. If rendering fails the attachment stays
//! pending and the answer names it, so the client asks to post-process it again, or deletes it.

use std::sync::Arc;

use vitrine_domain::account::User;
use vitrine_domain::media::{
    Attachment, MediaFiles, MediaId, MediaStore, NewAttachment, StoredSize,
};
use vitrine_images::render_sizes;

use crate::clock::Clock;
use crate::error::{AppError, AppResult, Missing, Refusal};
pub use crate::media_error::MediaError;

/// The original's file name among an attachment's files.
pub const ORIGINAL: &str = "original";

/// An upload as the web layer received it.
#[derive(Debug, Clone)]
pub struct Upload {
    pub file_name: String,
    /// The media type the client declared, if any.
    pub declared_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// The uploaded media library. Cheap to clone.
#[derive(Clone)]
pub struct MediaLibrary {
    store: Arc<dyn MediaStore>,
    files: Arc<dyn MediaFiles>,
    clock: Clock,
}

fn may_upload(user: &User) -> AppResult<()> {
    let caps = user.capabilities();
    if caps.upload_files && caps.edit_products {
        Ok(())
    } else {
        Err(AppError::refused(Refusal::Forbidden(
            "Sorry, you are not allowed to upload product images.",
        )))
    }
}

/// The last path segment, without control characters, at most 200 characters.
fn clean_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = last.chars().filter(|c| !c.is_control()).take(200).collect();
    if clean.trim().is_empty() {
        "image".to_owned()
    } else {
        clean.trim().to_owned()
    }
}

fn mime_of(image_bytes: &[u8]) -> &'static str {
    match image_bytes {
        [0x89, b'P', b'N', b'G', ..] => "image/png",
        [0xFF, 0xD8, ..] => "image/jpeg",
        _ => "image/webp",
    }
}

/// Runs CPU-heavy image work off the async workers.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> AppResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("image work panicked: {e}")))
}

impl MediaLibrary {
    pub fn new(store: Arc<dyn MediaStore>, files: Arc<dyn MediaFiles>, clock: Clock) -> Self {
        Self {
            store,
            files,
            clock,
        }
    }

    /// Checks, stores and renders an upload. A refusal stores nothing; a rendering failure
    /// answers [`MediaError::PostProcessFailed`] with the stored attachment's id.
    pub async fn upload(&self, user: &User, upload: Upload) -> AppResult<Attachment> {
        may_upload(user)?;
        let Upload {
            file_name,
            declared_type,
            bytes,
        } = upload;
        let (bytes, checked) = blocking(move || {
            let checked = vitrine_images::check_upload(&bytes, declared_type.as_deref());
            (bytes, checked)
        })
        .await?;
        let image = checked.map_err(|e| AppError::Media(MediaError::Refused(e)))?;
        let now = (self.clock)();
        let attachment = self
            .store
            .create_attachment(&NewAttachment {
                file_name: clean_file_name(&file_name),
                mime: mime_of(&bytes).to_owned(),
                width: image.width(),
                height: image.height(),
                uploaded_by: user.id,
                created_at: now,
            })
            .await?;
        tracing::info!(media = attachment.id.0, user = user.id.0, "media uploaded");
        if let Err(e) = self.files.write(attachment.id, ORIGINAL, &bytes).await {
            tracing::error!(media = attachment.id.0, error = %e, "cannot keep the original");
            return Err(AppError::Media(MediaError::PostProcessFailed(
                attachment.id,
            )));
        }
        self.finish(attachment, image).await
    }

    /// Renders a pending attachment's sizes again from its original.
    pub async fn post_process(&self, user: &User, id: MediaId) -> AppResult<Attachment> {
        may_upload(user)?;
        let attachment = self.find(id).await?;
        let original = self.files.read(id, ORIGINAL).await;
        let Ok(Some(bytes)) = original else {
            tracing::error!(media = id.0, "the original is missing or unreadable");
            return Err(AppError::Media(MediaError::PostProcessFailed(id)));
        };
        let decoded = blocking(move || vitrine_images::check_upload(&bytes, None)).await?;
        let image = decoded.map_err(|e| {
            tracing::error!(media = id.0, error = %e, "the stored original no longer decodes");
            AppError::Media(MediaError::PostProcessFailed(id))
        })?;
        self.finish(attachment, image).await
    }

    /// Deletes an attachment and its files.
    pub async fn delete(&self, user: &User, id: MediaId) -> AppResult<()> {
        may_upload(user)?;
        self.find(id).await?;
        self.files.remove_all(id).await?;
        self.store.delete_attachment(id).await?;
        tracing::info!(media = id.0, user = user.id.0, "media deleted");
        Ok(())
    }

    /// One of an attachment's files, for serving (`thumbnail.webp`, …).
    pub async fn file(&self, id: MediaId, name: &str) -> AppResult<Option<Vec<u8>>> {
        if name == ORIGINAL {
            return Ok(None);
        }
        Ok(self.files.read(id, name).await?)
    }

    /// The attachment with this id, ready or not; `None` when there is none.
    pub async fn attachment(&self, id: MediaId) -> AppResult<Option<Attachment>> {
        Ok(self.store.attachment(id).await?)
    }

    async fn find(&self, id: MediaId) -> AppResult<Attachment> {
        self.store
            .attachment(id)
            .await?
            .ok_or(AppError::NotFound(Missing::Attachment))
    }

    async fn finish(
        &self,
        mut attachment: Attachment,
        image: image_type::DynamicImage,
    ) -> AppResult<Attachment> {
        let id = attachment.id;
        let failed = |what: &str, e: &dyn std::fmt::Display| {
            tracing::error!(media = id.0, error = %e, "{what}");
            AppError::Media(MediaError::PostProcessFailed(id))
        };
        let rendered = blocking(move || render_sizes(&image))
            .await?
            .map_err(|e| failed("cannot render the sizes", &e))?;
        let mut sizes = Vec::with_capacity(rendered.len());
        for r in rendered {
            let name = format!("{}.webp", r.size.as_str());
            self.files
                .write(id, &name, &r.webp)
                .await
                .map_err(|e| failed("cannot write a size", &e))?;
            sizes.push(StoredSize {
                name: r.size.as_str().to_owned(),
                width: r.width,
                height: r.height,
            });
        }
        self.store.save_sizes(id, &sizes).await?;
        attachment.sizes = sizes;
        Ok(attachment)
    }
}

/// The decoded image type, named through `vitrine-images` so this crate needs no `image`.
mod image_type {
    pub use vitrine_images::DynamicImage;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_only_their_last_segment() {
        assert_eq!(clean_file_name("C:\\photos\\hoodie.png"), "hoodie.png");
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name(" "), "image");
        assert_eq!(clean_file_name("a\u{0}b.png"), "ab.png");
    }
}
