//! The shop's own artwork for catalogue images (ADR 0006): what each image shows (its
//! product's subject) and the SVG drawing of it. `media` serves it; the state keeps the index.

mod shapes;
mod subject;

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use vitrine_domain::catalogue::{ImageId, Product};

pub use shapes::Silhouette;
pub use subject::{Subject, render_svg};

/// Which product each image belongs to. The catalogue port has no image lookup, so the index
/// is filled as products are read (every image URL a client holds came from such a read) and,
/// on a miss, by walking the listed catalogue at most once a minute.
#[derive(Debug, Default)]
pub struct MediaIndex {
    subjects: RwLock<HashMap<ImageId, Subject>>,
    last_scan: RwLock<Option<Instant>>,
}

const RESCAN_AFTER: Duration = Duration::from_secs(60);
pub(crate) const SCAN_PAGE: u32 = 100;
pub(crate) const SCAN_MAX_PAGES: u32 = 100;

impl MediaIndex {
    /// Records the product's images and its variations' images. An image shared by several
    /// products (a grouped product shows its children's pictures) is drawn as the most
    /// specific of them: a beanie beats the collection's generic box, a hoodie with a logo
    /// beats a plain one.
    pub fn remember(&self, product: &Product) {
        let images = product
            .images
            .iter()
            .chain(product.variations.iter().filter_map(|v| v.image.as_ref()));
        let mut subjects = self.subjects.write().unwrap_or_else(|e| e.into_inner());
        for image in images {
            let new = Subject::new(&product.name, image);
            let replace = subjects.get(&image.id).is_none_or(|old| {
                old.product_name == new.product_name || specificity(&new) > specificity(old)
            });
            if replace {
                subjects.insert(image.id, new);
            }
        }
    }

    pub(crate) fn get(&self, id: ImageId) -> Option<Subject> {
        let subjects = self.subjects.read().unwrap_or_else(|e| e.into_inner());
        subjects.get(&id).cloned()
    }

    /// Claims the right to rescan; false when a scan ran recently.
    pub(crate) fn claim_scan(&self) -> bool {
        let mut last = self.last_scan.write().unwrap_or_else(|e| e.into_inner());
        if last.is_some_and(|at| at.elapsed() < RESCAN_AFTER) {
            return false;
        }
        *last = Some(Instant::now());
        true
    }
}

fn specificity(subject: &Subject) -> u8 {
    let shaped = u8::from(subject.silhouette != Silhouette::Box) * 2;
    shaped + u8::from(subject.logo || subject.zipper)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_image_is_drawn_as_its_most_specific_product() {
        use vitrine_domain::catalogue::Image;
        use vitrine_domain::catalogue::fixtures::simple_product;
        let image = Image {
            id: ImageId(3),
            source_url: "https://x/beanie-with-logo.jpg".into(),
            alt: String::new(),
            title: String::new(),
            caption: String::new(),
            colour: Some("red".into()),
        };
        let mut collection = simple_product(87, "Logo Collection", 0);
        collection.images = vec![image.clone()];
        let mut beanie = simple_product(85, "Beanie with Logo", 1800);
        beanie.images = vec![image];
        let index = MediaIndex::default();
        index.remember(&collection);
        index.remember(&beanie);
        index.remember(&collection);
        let subject = index.get(ImageId(3)).expect("remembered");
        assert_eq!(subject.product_name, "Beanie with Logo");
        assert_eq!(subject.silhouette, Silhouette::Beanie);
    }
}
