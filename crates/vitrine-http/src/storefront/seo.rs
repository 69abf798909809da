//! Titles, descriptions, canonical URLs and robots rules of storefront pages.

use super::route::Route;
use crate::html::{strip_tags, truncate_words};
use crate::state::AppState;
use crate::views::{ListingContextView, ListingKind, ProductView, Seo};

/// Longest meta description, in characters (what search engines show).
const DESCRIPTION_MAX: usize = 160;
/// Search results and missing pages stay out of search engines (as WordPress SEO plugins do).
const NOINDEX: &str = "noindex, follow";
/// The shopper's own pages (checkout, orders, account) are neither indexed nor followed.
const NOINDEX_NOFOLLOW: &str = "noindex, nofollow";

/// `title – Shop`, WordPress's document title format.
fn titled(state: &AppState, title: &str) -> String {
    format!("{title} – {}", state.settings().name)
}

/// An absolute URL for a path on this shop.
pub fn absolute(state: &AppState, path: &str) -> String {
    format!("{}{path}", state.settings().base_url())
}

fn canonical(state: &AppState, route: &Route) -> String {
    let url = absolute(state, &route.path());
    match route {
        Route::Search { query, .. } => {
            let q = serde_urlencoded::to_string([("s", query.as_str()), ("post_type", "product")])
                .unwrap_or_default();
            format!("{url}?{q}")
        }
        _ => url,
    }
}

fn description(html: &str) -> String {
    truncate_words(&strip_tags(html), DESCRIPTION_MAX)
}

pub fn home(state: &AppState) -> Seo {
    let s = state.settings();
    Seo {
        title: if s.tagline.is_empty() {
            s.name.clone()
        } else {
            format!("{} – {}", s.name, s.tagline)
        },
        description: description(&s.tagline),
        canonical: canonical(state, &Route::Home),
        robots: None,
    }
}

pub fn product(state: &AppState, route: &Route, product: &ProductView) -> Seo {
    let text = [&product.summary.short_description, &product.description]
        .into_iter()
        .map(|html| description(html))
        .find(|d| !d.is_empty())
        .unwrap_or_else(|| product.summary.name.clone());
    Seo {
        title: titled(state, &product.summary.name),
        description: text,
        canonical: canonical(state, route),
        robots: None,
    }
}

pub fn listing(state: &AppState, route: &Route, context: &ListingContextView) -> Seo {
    let page = match route {
        Route::Shop { page }
        | Route::Search { page, .. }
        | Route::Category { page, .. }
        | Route::Tag { page, .. } => *page,
        Route::Home
        | Route::Product { .. }
        | Route::Cart
        | Route::Checkout
        | Route::OrderReceived { .. }
        | Route::OrderPay { .. }
        | Route::Account
        | Route::LostPassword
        | Route::EditAccount
        | Route::BlockEditor { .. }
        | Route::AccountArea(_)
        | Route::PaymentMethods
        | Route::AddPaymentMethod
        | Route::ProductImages => 1,
    };
    let mut title = match (context.kind, &context.query) {
        (ListingKind::Search, Some(q)) => format!("Search Results for “{q}”"),
        _ => context.title.clone(),
    };
    if page > 1 {
        title = format!("{title} – Page {page}");
    }
    let own = description(&context.description);
    let fallback = match context.kind {
        ListingKind::Search => format!(
            "Products matching your search at {}.",
            state.settings().name
        ),
        _ => format!("{} at {}.", context.title, state.settings().name),
    };
    Seo {
        title: titled(state, &title),
        description: if own.is_empty() { fallback } else { own },
        canonical: canonical(state, route),
        robots: (context.kind == ListingKind::Search).then(|| NOINDEX.to_owned()),
    }
}

pub fn cart(state: &AppState) -> Seo {
    Seo {
        title: titled(state, "Cart"),
        description: format!("Your shopping cart at {}.", state.settings().name),
        canonical: canonical(state, &Route::Cart),
        // Indexable (ADR 0025): the page is the same for everyone and holds nothing personal;
        // it stays out of the sitemap.
        robots: None,
    }
}

/// Checkout pages are personal: never indexed.
pub fn checkout(state: &AppState, route: &Route, title: &str) -> Seo {
    Seo {
        title: titled(state, title),
        description: format!("Checkout at {}.", state.settings().name),
        canonical: canonical(state, route),
        robots: Some(NOINDEX_NOFOLLOW.to_owned()),
    }
}

/// Account pages are personal: never indexed.
pub fn account(state: &AppState, route: &Route, title: &str) -> Seo {
    Seo {
        title: titled(state, title),
        description: format!("Your account at {}.", state.settings().name),
        canonical: canonical(state, route),
        robots: Some(NOINDEX_NOFOLLOW.to_owned()),
    }
}

/// The coming-soon page stands in for every page until launch: not indexed.
pub fn coming_soon(state: &AppState) -> Seo {
    Seo {
        title: titled(state, "Coming soon"),
        description: format!("{} is launching soon.", state.settings().name),
        canonical: absolute(state, "/"),
        robots: Some(NOINDEX.to_owned()),
    }
}

pub fn not_found(state: &AppState) -> Seo {
    Seo {
        title: titled(state, "Page not found"),
        description: "It looks like nothing was found at this location.".into(),
        canonical: absolute(state, "/"),
        robots: Some(NOINDEX.to_owned()),
    }
}
