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

/// Head markup for a page. JSON-LD is escaped like the page data so it cannot end its script.
pub fn render(state: &AppState, data: &PageData) -> Result<String, serde_json::Error> {
    let seo = data.seo();
    let mut out = String::new();
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
