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

/// A product's images with `main` as its main image (the first): it takes the old main
/// image's place, and any other copy of it in the gallery goes; the gallery keeps its order.
pub fn with_main_image(images: &[Image], main: Image) -> Vec<Image> {
    let main_id = main.id;
    let gallery = images
        .iter()
        .skip(1)
        .filter(|image| image.id != main_id)
        .cloned();
    std::iter::once(main).chain(gallery).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(id: i64) -> Image {
        Image {
            id: ImageId(id),
            source_url: format!("/img/{id}.jpg"),
            alt: String::new(),
            title: String::new(),
            caption: String::new(),
            colour: None,
        }
    }

    fn ids(images: &[Image]) -> Vec<i64> {
        images.iter().map(|i| i.id.0).collect()
    }

    #[test]
    fn the_main_image_replaces_the_first_and_the_gallery_keeps_its_order() {
        let images = [image(1), image(2), image(3)];
        assert_eq!(ids(&with_main_image(&images, image(9))), [9, 2, 3]);
    }

    #[test]
    fn a_gallery_image_made_main_leaves_the_gallery() {
        let images = [image(1), image(2), image(3)];
        assert_eq!(ids(&with_main_image(&images, image(3))), [3, 2]);
        assert_eq!(ids(&with_main_image(&images, image(1))), [1, 2, 3]);
    }

    #[test]
    fn a_product_without_images_gets_one() {
        assert_eq!(ids(&with_main_image(&[], image(4))), [4]);
    }
}
