//! What the media use cases answer instead of a result (mapped once in `vitrine-http`). Apart
//! from `media` so the application's one error type can carry it without importing the use
//! cases (no module cycle).

use vitrine_domain::media::MediaId;
use vitrine_images::ImageError;

/// Why an upload was refused or not finished.
#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    /// Over a limit, of a type not accepted, or not an image: nothing was stored.
    #[error(transparent)]
    Refused(ImageError),
    /// Stored, but its sizes could not be made: post-process it again or delete it.
    #[error("the sizes of attachment {0} could not be made")]
    PostProcessFailed(MediaId),
}
