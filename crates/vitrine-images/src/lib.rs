//! Uploaded product images (ADR 0016): the limits an upload must meet, and the WebP sizes the
//! storefront's srcset uses (thumbnail, medium, large, full). Pure: bytes in, bytes out.

mod limits;
mod sizes;

pub use image::DynamicImage;
pub use limits::{MAX_PIXELS, MAX_UPLOAD_BYTES, SourceFormat, check_upload};
pub use sizes::{Rendition, Size, render_sizes};

/// Why an upload is refused or could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    #[error("The file is larger than the {max_mib} MiB upload limit.")]
    PayloadTooLarge { max_mib: usize },
    #[error("Only JPEG, PNG and WebP images can be uploaded.")]
    UnsupportedType,
    #[error("The image is larger than {max_megapixels} megapixels; please scale it down.")]
    TooManyPixels { max_megapixels: u64 },
    #[error("The file is not a readable image.")]
    Invalid,
    #[error("The image sizes could not be encoded.")]
    Encode,
}
