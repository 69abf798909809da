//! schema.org JSON-LD for storefront pages: Product with offers, ItemList, BreadcrumbList.

use serde_json::{Value, json};

use super::seo::absolute;
use crate::state::AppState;
use crate::views::{BreadcrumbView, PageData, ProductListView, ProductView, StockStatusView};

/// The JSON-LD documents of a page (none for the cart or a missing page).
pub fn documents(state: &AppState, data: &PageData) -> Vec<Value> {
    match data {
        PageData::Product { product, .. } => vec![
            product_document(state, product),
            breadcrumbs(state, &product.breadcrumbs),
        ],
        PageData::Listing { listing, .. } => vec![item_list(state, listing)],
        PageData::Home { listing, .. } => vec![website(state), item_list(state, listing)],
        PageData::Cart { .. }
        | PageData::Checkout { .. }
        | PageData::OrderReceived { .. }
        | PageData::OrderPay { .. }
        | PageData::NotFound { .. }
        | PageData::Account { .. }
        | PageData::ComingSoon { .. } => Vec::new(),
    }
}

fn availability(status: StockStatusView) -> &'static str {
    match status {
        StockStatusView::InStock => "https://schema.org/InStock",
        StockStatusView::OutOfStock => "https://schema.org/OutOfStock",
        StockStatusView::OnBackorder => "https://schema.org/BackOrder",
    }
}

fn product_document(state: &AppState, product: &ProductView) -> Value {
    let s = &product.summary;
    let url = absolute(state, &s.url);
    let mut doc = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "@id": format!("{url}#product"),
        "name": s.name,
        "url": url,
        "description": crate::html::strip_tags(if s.short_description.is_empty() {
            &product.description
        } else {
            &s.short_description
        }),
        "image": product.images.iter().map(|i| absolute(state, &i.full_src)).collect::<Vec<_>>(),
    });
    if let Some(sku) = &s.sku {
        doc["sku"] = json!(sku);
    }
    if let Some(category) = product.categories.first() {
        doc["category"] = json!(category.name);
    }
    if let Some(price) = &s.price {
        let currency = &price.currency;
        let stock = availability(s.stock.status);
        doc["offers"] = if price.min_minor == price.max_minor {
            json!({
                "@type": "Offer",
                "price": price.min_amount(),
                "priceCurrency": currency,
                "availability": stock,
                "url": url,
                "seller": { "@type": "Organization", "name": state.settings().name },
            })
        } else {
            let count = product
                .variations_form
                .as_ref()
                .map_or(product.grouped_children.len(), |f| {
                    f.total_children as usize
                });
            json!({
                "@type": "AggregateOffer",
                "lowPrice": price.min_amount(),
                "highPrice": price.max_amount(),
                "offerCount": count,
                "priceCurrency": currency,
                "availability": stock,
                "url": url,
            })
        };
    }
    add_reviews(&mut doc, product);
    doc
}

/// `aggregateRating` and `review` once the product has rated, approved reviews.
fn add_reviews(doc: &mut Value, product: &ProductView) {
    if product.review_count == 0 || product.average_rating <= 0.0 {
        return;
    }
    doc["aggregateRating"] = json!({
        "@type": "AggregateRating",
        "ratingValue": format!("{:.2}", product.average_rating),
        "reviewCount": product.review_count,
        "bestRating": 5,
        "worstRating": 1,
    });
    let reviews: Vec<Value> = product
        .reviews
        .iter()
        .filter_map(|r| {
            let stars = r.rating?;
            Some(json!({
                "@type": "Review",
                "author": { "@type": "Person", "name": r.author },
                "datePublished": r.created_at.get(..10).unwrap_or(&r.created_at),
                "reviewBody": r.text,
                "reviewRating": {
                    "@type": "Rating",
                    "ratingValue": stars,
                    "bestRating": 5,
                    "worstRating": 1,
                },
            }))
        })
        .collect();
    if !reviews.is_empty() {
        doc["review"] = json!(reviews);
    }
}

fn breadcrumbs(state: &AppState, crumbs: &[BreadcrumbView]) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": c.name,
                "item": absolute(state, &c.url),
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": items,
    })
}

fn item_list(state: &AppState, listing: &ProductListView) -> Value {
    let offset = u64::from(listing.meta.page.saturating_sub(1)) * u64::from(listing.meta.per_page);
    let items: Vec<Value> = listing
        .products
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "@type": "ListItem",
                "position": offset + i as u64 + 1,
                "url": absolute(state, &p.url),
                "name": p.name,
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "numberOfItems": listing.meta.total,
        "itemListElement": items,
    })
}

fn website(state: &AppState) -> Value {
    let base = absolute(state, "/");
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": state.settings().name,
        "url": base,
        "potentialAction": {
            "@type": "SearchAction",
            "target": format!("{base}?s={{search_term_string}}&post_type=product"),
            "query-input": "required name=search_term_string",
        },
    })
}
