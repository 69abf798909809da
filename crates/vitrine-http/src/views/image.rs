//! Images on the wire, in WooCommerce's sizes, served by the shop's own `/media` artwork.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::{Image, ImageId};
use vitrine_domain::media::{StoredSize, parse_source_url, size_path};

/// Width of the main ("single") rendition.
pub const SINGLE: u32 = 600;
/// Width of listing thumbnails.
pub const THUMBNAIL: u32 = 300;
/// Width of the full-size rendition.
pub const FULL: u32 = 1200;
/// Width of gallery thumbnails.
pub const GALLERY_THUMBNAIL: u32 = 100;
/// Widths `/media` renders.
pub const WIDTHS: [u32; 4] = [GALLERY_THUMBNAIL, THUMBNAIL, SINGLE, FULL];
/// The `sizes` attribute WooCommerce gives the single image.
pub const SIZES: &str = "(max-width: 600px) 100vw, 600px";

/// A catalogue image with its renditions (same fields as a variation's `image`, plus id and
/// the original URL).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ImageView {
    pub id: i64,
    pub src: String,
    pub thumb_src: String,
    pub src_w: u32,
    pub src_h: u32,
    /// "/media/7-300.svg 300w, /media/7-600.svg 600w, /media/7-1200.svg 1200w"
    pub srcset: String,
    pub sizes: String,
    pub title: String,
    pub caption: String,
    pub alt: String,
    pub full_src: String,
    pub full_src_w: u32,
    pub full_src_h: u32,
    pub gallery_thumbnail_src: String,
    /// Where the image came from (e.g. an imported CSV's URL); not used for display, since it
    /// may be unreachable.
    pub source_url: String,
}

/// A variation's `image` (spec §3), exactly the fields of `VariationImage` in the web app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct VariationImageView {
    pub src: String,
    pub thumb_src: String,
    pub src_w: u32,
    pub src_h: u32,
    pub srcset: String,
    pub sizes: String,
    pub title: String,
    pub caption: String,
    pub alt: String,
    pub full_src: String,
    pub full_src_w: u32,
    pub full_src_h: u32,
    pub gallery_thumbnail_src: String,
}

/// The path of one rendition.
pub fn media_path(id: ImageId, width: u32) -> String {
    format!("/media/{id}-{width}.svg")
}

impl ImageView {
    /// `fallback_alt` (the product name) is used when the image has no alt text or title,
    /// as WooCommerce does.
    pub fn new(image: &Image, fallback_alt: &str) -> Self {
        let alt = [image.alt.as_str(), image.title.as_str(), fallback_alt]
            .into_iter()
            .find(|s| !s.trim().is_empty())
            .unwrap_or_default()
            .to_owned();
        let upload = parse_source_url(&image.source_url);
        if let Some(view) = upload.and_then(|(id, sizes)| Self::uploaded(image, &alt, id, &sizes)) {
            return view;
        }
        let srcset = [THUMBNAIL, SINGLE, FULL]
            .map(|w| format!("{} {w}w", media_path(image.id, w)))
            .join(", ");
        Self {
            id: image.id.0,
            src: media_path(image.id, SINGLE),
            thumb_src: media_path(image.id, THUMBNAIL),
            src_w: SINGLE,
            src_h: SINGLE,
            srcset,
            sizes: SIZES.to_owned(),
            title: image.title.clone(),
            caption: image.caption.clone(),
            alt,
            full_src: media_path(image.id, FULL),
            full_src_w: FULL,
            full_src_h: FULL,
            gallery_thumbnail_src: media_path(image.id, GALLERY_THUMBNAIL),
            source_url: image.source_url.clone(),
        }
    }
}

impl ImageView {
    /// An uploaded image (ADR 0016): its own WebP sizes, the srcset from medium up (the
    /// thumbnail is a square crop).
    fn uploaded(
        image: &Image,
        alt: &str,
        id: vitrine_domain::media::MediaId,
        sizes: &[StoredSize],
    ) -> Option<Self> {
        let find = |name: &str| sizes.iter().find(|s| s.name == name);
        let (thumbnail, medium) = (find("thumbnail")?, find("medium")?);
        let (large, full) = (find("large")?, find("full")?);
        let srcset = [medium, large, full]
            .map(|s| format!("{} {}w", size_path(id, &s.name), s.width))
            .join(", ");
        Some(Self {
            id: image.id.0,
            src: size_path(id, "large"),
            thumb_src: size_path(id, "medium"),
            src_w: large.width,
            src_h: large.height,
            srcset,
            sizes: SIZES.to_owned(),
            title: image.title.clone(),
            caption: image.caption.clone(),
            alt: alt.to_owned(),
            full_src: size_path(id, "full"),
            full_src_w: full.width,
            full_src_h: full.height,
            gallery_thumbnail_src: size_path(id, &thumbnail.name),
            source_url: image.source_url.clone(),
        })
    }
}

impl From<ImageView> for VariationImageView {
    fn from(v: ImageView) -> Self {
        Self {
            src: v.src,
            thumb_src: v.thumb_src,
            src_w: v.src_w,
            src_h: v.src_h,
            srcset: v.srcset,
            sizes: v.sizes,
            title: v.title,
            caption: v.caption,
            alt: v.alt,
            full_src: v.full_src,
            full_src_w: v.full_src_w,
            full_src_h: v.full_src_h,
            gallery_thumbnail_src: v.gallery_thumbnail_src,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renditions_point_at_the_shops_own_artwork() {
        let image = Image {
            id: ImageId(7),
            source_url: "https://example.com/hoodie-blue.jpg".into(),
            alt: String::new(),
            title: String::new(),
            caption: String::new(),
            colour: Some("blue".into()),
        };
        let view = ImageView::new(&image, "Hoodie");
        assert_eq!(view.src, "/media/7-600.svg");
        assert_eq!(
            view.srcset,
            "/media/7-300.svg 300w, /media/7-600.svg 600w, /media/7-1200.svg 1200w"
        );
        assert_eq!(view.sizes, "(max-width: 600px) 100vw, 600px");
        assert_eq!(view.alt, "Hoodie");
        assert_eq!(view.gallery_thumbnail_src, "/media/7-100.svg");
        assert_eq!(view.source_url, "https://example.com/hoodie-blue.jpg");
    }

    #[test]
    fn an_uploaded_image_uses_its_webp_sizes_in_the_srcset() {
        let image = Image {
            id: ImageId(9),
            source_url: "/media/uploads/4/full.webp?sizes=150x150-300x200-1024x683-2560x1707"
                .into(),
            alt: "Blue hoodie".into(),
            title: String::new(),
            caption: String::new(),
            colour: None,
        };
        let view = ImageView::new(&image, "Hoodie");
        assert_eq!(view.src, "/media/uploads/4/large.webp");
        assert_eq!((view.src_w, view.src_h), (1024, 683));
        assert_eq!(
            view.srcset,
            "/media/uploads/4/medium.webp 300w, /media/uploads/4/large.webp 1024w, \
             /media/uploads/4/full.webp 2560w"
        );
        assert_eq!(view.full_src, "/media/uploads/4/full.webp");
        assert_eq!(
            view.gallery_thumbnail_src,
            "/media/uploads/4/thumbnail.webp"
        );
        assert_eq!(view.alt, "Blue hoodie");
    }
}
