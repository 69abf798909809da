//! The shop's own artwork for catalogue images (ADR 0006): what each image shows (its
//! product's subject) and the SVG drawing of it. `media` serves it; the state keeps the
//! subjects of the images asked lately.

mod shapes;
mod subject;

use quick_cache::sync::Cache;
use vitrine_domain::catalogue::{ImageId, Product};

pub use shapes::Silhouette;
pub use subject::{Subject, render_svg};

/// Subjects kept (a few hundred bytes each).
const KEPT_SUBJECTS: usize = 4096;
/// Products read to draw one image: an image shared by more (a grouped product's children's
/// pictures) is drawn as the most specific of the first ones by id.
pub(crate) const OWNERS_READ: u32 = 16;

/// The subjects of the images asked lately, each with the catalogue version it was read at
/// (ADR 0044): the image's products come from the database (`product_images`), so every
/// instance draws every image after any restart; this only saves the lookup of a picture a
/// listing shows to every visitor. Bounded, least recently used leave first.
#[derive(Debug)]
pub struct MediaIndex {
    kept: Cache<ImageId, (i64, Subject)>,
}

impl Default for MediaIndex {
    fn default() -> Self {
        Self {
            kept: Cache::new(KEPT_SUBJECTS),
        }
    }
}

impl MediaIndex {
    /// The subject kept for `id` at catalogue `version`.
    pub(crate) fn get(&self, id: ImageId, version: i64) -> Option<Subject> {
        self.kept
            .get(&id)
            .filter(|(at, _)| *at == version)
            .map(|(_, subject)| subject)
    }

    pub(crate) fn keep(&self, id: ImageId, version: i64, subject: Subject) {
        self.kept.insert(id, (version, subject));
    }
}

/// What `image` shows among the products showing it: the most specific subject (a beanie
/// beats the collection's generic box, a hoodie with a logo beats a plain one), the first
/// product of the most specific in their order when several are as specific. `None` when no
/// product shows it.
pub fn drawn_as(image: ImageId, products: &[Product]) -> Option<Subject> {
    let mut best: Option<Subject> = None;
    for product in products {
        for shown in product.shown_images().filter(|i| i.id == image) {
            let subject = Subject::new(&product.name, shown);
            if best
                .as_ref()
                .is_none_or(|b| specificity(&subject) > specificity(b))
            {
                best = Some(subject);
            }
        }
    }
    best
}

fn specificity(subject: &Subject) -> u8 {
    let shaped = u8::from(subject.silhouette != Silhouette::Box) * 2;
    shaped + u8::from(subject.logo || subject.zipper)
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::Image;
    use vitrine_domain::catalogue::fixtures::simple_product;

    fn image(id: i64) -> Image {
        Image {
            id: ImageId(id),
            source_url: "https://x/beanie-with-logo.jpg".into(),
            alt: String::new(),
            title: String::new(),
            caption: String::new(),
            colour: Some("red".into()),
        }
    }

    #[test]
    fn a_shared_image_is_drawn_as_its_most_specific_product() {
        let mut collection = simple_product(87, "Logo Collection", 0);
        collection.images = vec![image(3)];
        let mut beanie = simple_product(85, "Beanie with Logo", 1800);
        beanie.images = vec![image(3)];
        for products in [
            vec![collection.clone(), beanie.clone()],
            vec![beanie, collection],
        ] {
            let subject = drawn_as(ImageId(3), &products).expect("shown");
            assert_eq!(subject.product_name, "Beanie with Logo");
            assert_eq!(subject.silhouette, Silhouette::Beanie);
        }
    }

    #[test]
    fn an_image_no_product_shows_is_drawn_as_nothing() {
        let mut beanie = simple_product(85, "Beanie", 1800);
        beanie.images = vec![image(3)];
        assert_eq!(drawn_as(ImageId(4), &[beanie]), None);
        assert_eq!(drawn_as(ImageId(3), &[]), None);
    }

    #[test]
    fn a_subject_is_kept_for_its_catalogue_version_only() {
        let mut beanie = simple_product(85, "Beanie", 1800);
        beanie.images = vec![image(3)];
        let index = MediaIndex::default();
        let subject = drawn_as(ImageId(3), &[beanie]).expect("shown");
        index.keep(ImageId(3), 7, subject.clone());
        assert_eq!(index.get(ImageId(3), 7), Some(subject));
        assert_eq!(
            index.get(ImageId(3), 8),
            None,
            "a later catalogue reads again"
        );
        assert_eq!(index.get(ImageId(4), 7), None);
    }
}
