//! A page's views → the facts its static tracking events are built from
//! (`vitrine_app::tracking::page_events`, the rules of `vitrine-tracking`), in the page's display currency.

use vitrine_app::pricing::Pricer;
use vitrine_app::tracking::page_events::{
    ListKind, PageFacts, PageProduct, StaticEvent, static_events,
};

use crate::views::{ListingContextView, ListingKind, ProductListView, ProductView};

pub fn product(product: &ProductView, pricer: &Pricer) -> Vec<StaticEvent> {
    let s = &product.summary;
    let facts = PageFacts::Product(PageProduct {
        id: s.id,
        name: s.name.clone(),
        price_minor: s.price.as_ref().map(|p| p.min_minor),
        category: product.categories.first().map(|c| c.name.clone()),
    });
    static_events(&facts, pricer.currency().code())
}

pub fn listing(
    context: &ListingContextView,
    listing: &ProductListView,
    pricer: &Pricer,
) -> Vec<StaticEvent> {
    let slug = context.slug.clone().unwrap_or_default();
    let kind = match context.kind {
        ListingKind::Shop => ListKind::Shop,
        ListingKind::Category => ListKind::Category(slug),
        ListingKind::Tag => ListKind::Tag(slug),
        ListingKind::Search => ListKind::Search(context.query.clone().unwrap_or_default()),
    };
    let meta = &listing.meta;
    let first_index = meta.page.saturating_sub(1).saturating_mul(meta.per_page);
    let facts = PageFacts::Listing {
        kind,
        title: context.title.clone(),
        products: listing
            .products
            .iter()
            .map(|p| PageProduct {
                id: p.id,
                name: p.name.clone(),
                price_minor: p.price.as_ref().map(|price| price.min_minor),
                category: None,
            })
            .collect(),
        first_index,
    };
    static_events(&facts, pricer.currency().code())
}

pub fn cart(pricer: &Pricer) -> Vec<StaticEvent> {
    static_events(&PageFacts::Cart, pricer.currency().code())
}
