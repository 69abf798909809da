//! The sizes rendered for every upload, as WordPress names them: thumbnail (150×150, cropped),
//! medium (within 300×300), large (within 1024×1024) and full (long edge at most 2560). None is
//! upscaled except the thumbnail's crop; all are lossless WebP.

use image::DynamicImage;
use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;

use crate::ImageError;

/// A named size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Size {
    Thumbnail,
    Medium,
    Large,
    Full,
}

impl Size {
    pub const ALL: [Self; 4] = [Self::Thumbnail, Self::Medium, Self::Large, Self::Full];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Thumbnail => "thumbnail",
            Self::Medium => "medium",
            Self::Large => "large",
            Self::Full => "full",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The box the size fits in (the thumbnail fills it).
    pub fn bound(self) -> u32 {
        match self {
            Self::Thumbnail => 150,
            Self::Medium => 300,
            Self::Large => 1024,
            Self::Full => 2560,
        }
    }
}

/// One rendered size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendition {
    pub size: Size,
    pub width: u32,
    pub height: u32,
    pub webp: Vec<u8>,
}

/// The dimensions `size` gives an image of `width`×`height`.
fn fitted(size: Size, width: u32, height: u32) -> (u32, u32) {
    let bound = size.bound();
    if size == Size::Thumbnail {
        return (bound, bound);
    }
    let long = width.max(height);
    if long <= bound {
        return (width, height);
    }
    let scale = |edge: u32| {
        let scaled = (u64::from(edge) * u64::from(bound) + u64::from(long) / 2) / u64::from(long);
        u32::try_from(scaled).unwrap_or(bound).max(1)
    };
    (scale(width), scale(height))
}

fn render(image: &DynamicImage, size: Size) -> Result<Rendition, ImageError> {
    let (w, h) = fitted(size, image.width(), image.height());
    let resized = if size == Size::Thumbnail {
        image.resize_to_fill(w, h, FilterType::Lanczos3)
    } else if (w, h) == (image.width(), image.height()) {
        image.clone()
    } else {
        image.resize_exact(w, h, FilterType::Lanczos3)
    };
    // The WebP encoder takes 8-bit RGB(A) only.
    let rgba = DynamicImage::ImageRgba8(resized.to_rgba8());
    let mut webp = Vec::new();
    rgba.write_with_encoder(WebPEncoder::new_lossless(&mut webp))
        .map_err(|_| ImageError::Encode)?;
    Ok(Rendition {
        size,
        width: w,
        height: h,
        webp,
    })
}

/// Every size of a decoded upload, smallest first.
pub fn render_sizes(image: &DynamicImage) -> Result<Vec<Rendition>, ImageError> {
    Size::ALL.into_iter().map(|s| render(image, s)).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Cursor;

    use image::{ImageFormat, Rgb, RgbImage};

    use super::*;

    /// A `width`×`height` PNG with a gradient.
    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let image = RgbImage::from_fn(width, height, |x, y| {
            Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut out = Cursor::new(Vec::new());
        image
            .write_to(&mut out, ImageFormat::Png)
            .expect("png encodes");
        out.into_inner()
    }

    fn decoded(bytes: &[u8]) -> DynamicImage {
        image::load_from_memory(bytes).expect("decodes")
    }

    #[test]
    fn a_large_landscape_gets_every_size_within_its_box() {
        let sizes = render_sizes(&decoded(&png(3000, 2000))).expect("renders");
        let dims: Vec<_> = sizes.iter().map(|r| (r.size, r.width, r.height)).collect();
        assert_eq!(
            dims,
            vec![
                (Size::Thumbnail, 150, 150),
                (Size::Medium, 300, 200),
                (Size::Large, 1024, 683),
                (Size::Full, 2560, 1707),
            ]
        );
    }

    #[test]
    fn a_small_portrait_is_not_upscaled_except_the_thumbnail_crop() {
        let sizes = render_sizes(&decoded(&png(100, 240))).expect("renders");
        let dims: Vec<_> = sizes.iter().map(|r| (r.width, r.height)).collect();
        assert_eq!(dims, vec![(150, 150), (100, 240), (100, 240), (100, 240)]);
    }

    #[test]
    fn every_size_is_webp_that_decodes_to_its_dimensions() {
        for r in render_sizes(&decoded(&png(640, 480))).expect("renders") {
            assert_eq!(&r.webp[..4], b"RIFF");
            assert_eq!(&r.webp[8..12], b"WEBP");
            assert_eq!(image::guess_format(&r.webp).ok(), Some(ImageFormat::WebP));
            let back = decoded(&r.webp);
            assert_eq!(
                (back.width(), back.height()),
                (r.width, r.height),
                "{:?}",
                r.size
            );
        }
    }

    #[test]
    fn sizes_round_trip_by_name() {
        for size in Size::ALL {
            assert_eq!(Size::parse(size.as_str()), Some(size));
        }
        assert_eq!(Size::parse("huge"), None);
    }
}
