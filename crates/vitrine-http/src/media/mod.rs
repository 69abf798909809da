//! `/media/{image_id}-{width}.svg`: the shop's own artwork for catalogue images (ADR 0006),
//! so the demo looks right offline and never hotlinks the imported URLs.

mod artwork;
mod shapes;

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use vitrine_domain::catalogue::{ImageId, ListingFilter, Product};

pub use artwork::{Subject, render_svg};
pub use shapes::Silhouette;

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::AppPath;
use crate::state::AppState;
use crate::views::IMAGE_WIDTHS;

/// Which product each image belongs to. The catalogue port has no image lookup, so the index
/// is filled as products are read (every image URL a client holds came from such a read) and,
/// on a miss, by walking the listed catalogue at most once a minute.
#[derive(Debug, Default)]
pub struct MediaIndex {
    subjects: RwLock<HashMap<ImageId, Subject>>,
    last_scan: RwLock<Option<Instant>>,
}

const RESCAN_AFTER: Duration = Duration::from_secs(60);
const SCAN_PAGE: u32 = 100;
const SCAN_MAX_PAGES: u32 = 100;

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

    fn get(&self, id: ImageId) -> Option<Subject> {
        let subjects = self.subjects.read().unwrap_or_else(|e| e.into_inner());
        subjects.get(&id).cloned()
    }

    /// Claims the right to rescan; false when a scan ran recently.
    fn claim_scan(&self) -> bool {
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

/// Reads every listed and searchable product into the index.
async fn scan_catalogue(state: &AppState) -> ApiResult<()> {
    for filter in [ListingFilter::Shop, ListingFilter::Search(String::new())] {
        state
            .shop()
            .catalogue()
            .scan_listing(filter, SCAN_PAGE, SCAN_MAX_PAGES, |p| {
                state.media().remember(p)
            })
            .await?;
    }
    Ok(())
}

async fn subject(state: &AppState, id: ImageId) -> ApiResult<Option<Subject>> {
    if let Some(found) = state.media().get(id) {
        return Ok(Some(found));
    }
    if state.media().claim_scan() {
        scan_catalogue(state).await?;
    }
    Ok(state.media().get(id))
}

/// `"12-600.svg"` → (image 12, width 600), for the widths the shop renders.
fn parse_file(file: &str) -> Option<(ImageId, u32)> {
    let (id, width) = file.strip_suffix(".svg")?.rsplit_once('-')?;
    let width: u32 = width.parse().ok()?;
    IMAGE_WIDTHS.contains(&width).then_some(())?;
    Some((ImageId(id.parse().ok()?), width))
}

/// Artwork for a catalogue image.
#[utoipa::path(get, path = "/media/{file}", tag = "media",
    params(("file" = String, Path, description = "`{image_id}-{width}.svg`, width 100, 300, 600 or 1200")),
    responses(
        (status = 200, description = "SVG artwork", content_type = "image/svg+xml", body = String),
        (status = 304, description = "Not modified (ETag)"),
        (status = 404, description = "Unknown image or width", body = ErrorBody)))]
pub async fn get_media(
    State(state): State<AppState>,
    AppPath(file): AppPath<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (id, width) = parse_file(&file).ok_or_else(ApiError::not_found)?;
    let subject = subject(&state, id).await?.ok_or_else(ApiError::not_found)?;
    let svg = render_svg(&subject, width);
    let etag = format!("\"{:016x}\"", fnv1a(svg.as_bytes()));
    let cache = HeaderValue::from_static("public, max-age=31536000, immutable");
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, cache);
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    Ok(response)
}

/// FNV-1a: a stable, dependency-free content hash for ETags.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
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

    #[test]
    fn media_file_names_carry_id_and_a_known_width() {
        assert_eq!(parse_file("12-600.svg"), Some((ImageId(12), 600)));
        assert_eq!(parse_file("12-601.svg"), None);
        assert_eq!(parse_file("12-600.png"), None);
        assert_eq!(parse_file("abc-600.svg"), None);
        assert_eq!(parse_file("600.svg"), None);
    }
}
