//! The `<head>` additions of a storefront page: title, meta, canonical, Open Graph, JSON-LD.

use std::fmt::Write;

use super::jsonld;
use super::seo::absolute;
use crate::html::{escape, script_json};
use crate::state::AppState;
use crate::views::{ImageView, PageData};

fn meta(out: &mut String, attr: &str, key: &str, value: &str) {
    let _ = writeln!(
        out,
        "<meta {attr}=\"{}\" content=\"{}\" />",
        escape(key),
        escape(value)
    );
}

/// The image a page is shared with: the product's, else the first listed product's.
fn share_image(data: &PageData) -> Option<&ImageView> {
    match data {
        PageData::Product { product, .. } => product.images.first(),
        PageData::Listing { listing, .. } | PageData::Home { listing, .. } => {
            listing.products.iter().find_map(|p| p.image.as_ref())
        }
        PageData::Cart { .. }
        | PageData::Checkout { .. }
        | PageData::OrderReceived { .. }
        | PageData::OrderPay { .. }
        | PageData::NotFound { .. }
        | PageData::Account { .. }
        | PageData::ComingSoon { .. } => None,
    }
}

/// The gallery's `sizes` for the product's main image (web/src/features/product/components/
/// product-gallery.tsx): the preload must ask for the same candidate the `<img>` picks.
pub const GALLERY_IMAGE_SIZES: &str = "(min-width: 850px) 560px, 100vw";

/// A product page's largest element (its LCP) is the gallery's main image, drawn by the script:
/// preloaded at high priority, it downloads beside the script instead of after it (issue 16).
fn preload_main_image(out: &mut String, data: &PageData) {
    let PageData::Product { product, .. } = data else {
        return;
    };
    let Some(image) = product.images.first() else {
        return;
    };
    let _ = write!(
        out,
        "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\"",
        escape(&image.src)
    );
    if !image.srcset.is_empty() {
        let _ = write!(
            out,
            " imagesrcset=\"{}\" imagesizes=\"{GALLERY_IMAGE_SIZES}\"",
            escape(&image.srcset)
        );
    }
    out.push_str(" />\n");
}

/// Head markup for a page. JSON-LD is escaped like the page data so it cannot end its script.
pub fn render(state: &AppState, data: &PageData) -> Result<String, serde_json::Error> {
    let seo = data.seo();
    let mut out = String::new();
    // First: the gate runs before anything below it can be painted.
    if !matches!(data, PageData::ComingSoon { .. }) {
        out.push_str(&super::frame::head(data.site()));
    }
    let _ = writeln!(out, "<title>{}</title>", escape(&seo.title));
    meta(&mut out, "name", "description", &seo.description);
    if let Some(robots) = &seo.robots {
        meta(&mut out, "name", "robots", robots);
    }
    let _ = writeln!(
        out,
        "<link rel=\"canonical\" href=\"{}\" />",
        escape(&seo.canonical)
    );
    preload_main_image(&mut out, data);
    let og_type = if matches!(data, PageData::Product { .. }) {
        "product"
    } else {
        "website"
    };
    meta(&mut out, "property", "og:site_name", &state.settings().name);
    meta(&mut out, "property", "og:type", og_type);
    meta(&mut out, "property", "og:title", &seo.title);
    meta(&mut out, "property", "og:description", &seo.description);
    meta(&mut out, "property", "og:url", &seo.canonical);
    if let Some(image) = share_image(data) {
        meta(
            &mut out,
            "property",
            "og:image",
            &absolute(state, &image.full_src),
        );
        meta(&mut out, "property", "og:image:alt", &image.alt);
    }
    if let PageData::Product { product, .. } = data
        && let Some(price) = &product.summary.price
    {
        meta(
            &mut out,
            "property",
            "product:price:amount",
            &price.min_amount(),
        );
        meta(
            &mut out,
            "property",
            "product:price:currency",
            &price.currency,
        );
    }
    meta(&mut out, "name", "twitter:card", "summary_large_image");
    for doc in jsonld::documents(state, data) {
        let _ = writeln!(
            out,
            "<script type=\"application/ld+json\">{}</script>",
            script_json(&doc)?
        );
    }
    Ok(out)
}
