//! What an upload must be: at most 10 MiB, a JPEG, PNG or WebP by its content (and by its
//! declared type, when one is given), at most 50 megapixels, and decodable.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits};

use crate::ImageError;

/// The largest upload body accepted, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// The most pixels (width × height) an upload may decode to.
pub const MAX_PIXELS: u64 = 50_000_000;

/// The formats an upload may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    Jpeg,
    Png,
    WebP,
}

impl SourceFormat {
    fn from_image(format: ImageFormat) -> Option<Self> {
        match format {
            ImageFormat::Jpeg => Some(Self::Jpeg),
            ImageFormat::Png => Some(Self::Png),
            ImageFormat::WebP => Some(Self::WebP),
            _ => None,
        }
    }

    fn image_format(self) -> ImageFormat {
        match self {
            Self::Jpeg => ImageFormat::Jpeg,
            Self::Png => ImageFormat::Png,
            Self::WebP => ImageFormat::WebP,
        }
    }

    /// The declared media types that name a supported format.
    pub fn from_mime(mime: &str) -> Option<Self> {
        match mime
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase()
            .as_str()
        {
            "image/jpeg" | "image/jpg" | "image/pjpeg" => Some(Self::Jpeg),
            "image/png" => Some(Self::Png),
            "image/webp" => Some(Self::WebP),
            _ => None,
        }
    }
}

/// Checks an upload against every limit and decodes it. `declared` is the client's media type
/// (the multipart part's Content-Type), when it sent one; the content decides the format.
pub fn check_upload(bytes: &[u8], declared: Option<&str>) -> Result<DynamicImage, ImageError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ImageError::PayloadTooLarge {
            max_mib: MAX_UPLOAD_BYTES / (1024 * 1024),
        });
    }
    if let Some(mime) = declared.filter(|m| !m.is_empty() && *m != "application/octet-stream") {
        SourceFormat::from_mime(mime).ok_or(ImageError::UnsupportedType)?;
    }
    let format = image::guess_format(bytes)
        .ok()
        .and_then(SourceFormat::from_image)
        .ok_or(if looks_like_an_image(bytes) {
            ImageError::UnsupportedType
        } else {
            ImageError::Invalid
        })?;
    let reader = ImageReader::with_format(Cursor::new(bytes), format.image_format());
    let (width, height) = reader.into_dimensions().map_err(|_| ImageError::Invalid)?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::TooManyPixels {
            max_megapixels: MAX_PIXELS / 1_000_000,
        });
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format.image_format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    reader.limits(limits);
    reader.decode().map_err(|_| ImageError::Invalid)
}

/// A file `image` recognises in a format Vitrine does not accept (GIF, BMP, TIFF, …) is an
/// unsupported type, not garbage. Anything else that is not JPEG/PNG/WebP is unreadable.
fn looks_like_an_image(bytes: &[u8]) -> bool {
    const SIGNATURES: [&[u8]; 6] = [b"GIF8", b"BM", b"II*\0", b"MM\0*", b"\0\0\x01\0", b"<svg"];
    image::guess_format(bytes).is_ok() || SIGNATURES.iter().any(|s| bytes.starts_with(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizes::tests::png;

    #[test]
    fn a_body_over_ten_mebibytes_is_too_large_before_anything_is_decoded() {
        let big = vec![0u8; MAX_UPLOAD_BYTES + 1];
        assert_eq!(
            check_upload(&big, Some("image/png")).unwrap_err(),
            ImageError::PayloadTooLarge { max_mib: 10 }
        );
    }

    #[test]
    fn a_gif_or_a_declared_pdf_is_an_unsupported_type() {
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        assert_eq!(
            check_upload(gif, None).unwrap_err(),
            ImageError::UnsupportedType
        );
        let ok = png(4, 4);
        assert_eq!(
            check_upload(&ok, Some("application/pdf")).unwrap_err(),
            ImageError::UnsupportedType
        );
    }

    #[test]
    fn text_or_a_truncated_png_is_an_invalid_image() {
        assert_eq!(
            check_upload(b"hello world", None).unwrap_err(),
            ImageError::Invalid
        );
        let whole = png(40, 40);
        let cut = &whole[..whole.len() / 2];
        assert_eq!(
            check_upload(cut, Some("image/png")).unwrap_err(),
            ImageError::Invalid
        );
    }

    #[test]
    fn over_fifty_megapixels_is_refused_from_the_header_alone() {
        // A 10000×5001 PNG header: 50.01 megapixels, refused before any pixel is decoded.
        let mut header = png(1, 1);
        header[16..20].copy_from_slice(&10_000u32.to_be_bytes());
        header[20..24].copy_from_slice(&5_001u32.to_be_bytes());
        let crc = crc32(&header[12..29]);
        header[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(
            check_upload(&header, Some("image/png")).unwrap_err(),
            ImageError::TooManyPixels { max_megapixels: 50 }
        );
    }

    /// PNG's chunk checksum (CRC-32, ISO 3309), so the edited header still reads.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn a_small_png_with_its_type_declared_decodes() {
        let image = check_upload(&png(30, 20), Some("image/png")).expect("decodes");
        assert_eq!((image.width(), image.height()), (30, 20));
    }

    #[test]
    fn declared_types_are_read_without_parameters_or_case() {
        assert_eq!(
            SourceFormat::from_mime("IMAGE/PNG"),
            Some(SourceFormat::Png)
        );
        assert_eq!(
            SourceFormat::from_mime("image/jpeg; q=1"),
            Some(SourceFormat::Jpeg)
        );
        assert_eq!(SourceFormat::from_mime("image/gif"), None);
    }
}
