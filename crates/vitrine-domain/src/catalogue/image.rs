//! Catalogue images and the sizes the storefront asks for (WooCommerce's thumbnail sizes).

use serde::{Deserialize, Serialize};

use super::ImageId;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    pub id: ImageId,
    /// Where the image came from (e.g. the URL in an imported CSV). May be unreachable.
    pub source_url: String,
    pub alt: String,
    pub title: String,
    pub caption: String,
    /// Colour hint used when the shop renders its own artwork for the image (offline demo).
    pub colour: Option<String>,
}

/// A named rendition of an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageSize {
    pub name: &'static str,
    pub width: u32,
    pub height: u32,
}

/// WooCommerce's defaults: gallery thumbnail 100, thumbnail 300, single 600, full 1200.
pub const IMAGE_SIZES: [ImageSize; 4] = [
    ImageSize {
        name: "gallery_thumbnail",
        width: 100,
        height: 100,
    },
    ImageSize {
        name: "thumbnail",
        width: 300,
        height: 300,
    },
    ImageSize {
        name: "single",
        width: 600,
        height: 600,
    },
    ImageSize {
        name: "full",
        width: 1200,
        height: 1200,
    },
];
