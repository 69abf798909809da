//! The plain server-rendered body inside `#root`: what crawlers and no-JS visitors read before
//! React replaces it.

use std::fmt::Write;

use super::route::Route;
use crate::html::{escape, strip_tags};
use crate::views::{
    ListingContextView, ListingKind, PageData, ProductListView, ProductSummaryView, ProductView,
    SiteView,
};

pub fn render(data: &PageData) -> String {
    let mut out = header(data.site());
    out.push_str("<main id=\"main\">");
    match data {
        PageData::Home {
            site,
            featured,
            listing,
            blocks,
            ..
        } => {
            let _ = write!(out, "<h1>{}</h1>", escape(&site.name));
            if !site.tagline.is_empty() {
                let _ = write!(out, "<p>{}</p>", escape(&site.tagline));
            }
            // Block bodies are sanitised HTML (views::markdown_to_safe_html).
            out.push_str(&blocks.welcome.body_html);
            if !featured.is_empty() {
                out.push_str("<h2>Featured products</h2>");
                product_list(&mut out, featured);
            }
            out.push_str("<h2>Shop</h2>");
            product_list(&mut out, &listing.products);
            out.push_str("<p><a href=\"/shop/\">All products</a></p>");
            let _ = write!(
                out,
                "<h2>{}</h2>{}",
                escape(&blocks.about.title),
                blocks.about.body_html
            );
        }
        PageData::Listing {
            context, listing, ..
        } => listing_body(&mut out, context, listing),
        PageData::Product { product, .. } => {
            let s = &product.summary;
            out.push_str("<nav aria-label=\"Breadcrumb\"><ol>");
            for crumb in &product.breadcrumbs {
                let _ = write!(
                    out,
                    "<li><a href=\"{}\">{}</a></li>",
                    escape(&crumb.url),
                    escape(&crumb.name)
                );
            }
            let _ = write!(out, "</ol></nav><h1>{}</h1>", escape(&s.name));
            if let Some(price) = &s.price {
                let _ = write!(out, "<p class=\"price\">{}</p>", escape(&price.text));
            }
            // Plain text: crawlers need the words, and imported markup never runs here.
            let _ = write!(
                out,
                "<div class=\"short-description\"><p>{}</p></div>\
                 <div class=\"description\"><p>{}</p></div>",
                escape(&strip_tags(&s.short_description)),
                escape(&strip_tags(&product.description))
            );
            reviews(&mut out, product);
        }
        // Nothing personal: the cart is fetched by the browser from `/api/v1/session`.
        PageData::Cart { .. } => out.push_str(
            "<h1>Cart</h1><p>Your cart is shown once the page has loaded.</p>\
             <p><a href=\"/shop/\">Return to shop</a></p>",
        ),
        // Nothing personal either: the checkout and orders come from the API.
        PageData::Checkout { .. } => out.push_str(
            "<h1>Checkout</h1><p>The checkout is shown once the page has loaded.</p>\
             <p><a href=\"/cart/\">Return to cart</a></p>",
        ),
        PageData::OrderReceived { .. } => out.push_str(
            "<h1>Order received</h1><p>Your order is shown once the page has loaded.</p>",
        ),
        PageData::OrderPay { .. } => {
            out.push_str("<h1>Pay for order</h1><p>Your order is shown once the page has loaded.</p>");
        }
        PageData::NotFound { .. } => out.push_str(
            "<h1>Page not found</h1><p>It looks like nothing was found at this location.</p>\
             <p><a href=\"/shop/\">Browse the shop</a></p>",
        ),
        PageData::Account { .. } => {
            out.push_str("<h1>My account</h1><p>Log in once the page has loaded.</p>");
        }
        PageData::ComingSoon { .. } => out.push_str(
            "<h1>Great things are on the horizon</h1><p>Something big is brewing! Our store is \
             in the works and will be launching soon!</p>",
        ),
    }
    out.push_str("</main>");
    out
}

/// Approved reviews as plain, escaped text: review text is untrusted and never markup here.
fn reviews(out: &mut String, product: &ProductView) {
    if !product.reviews_allowed {
        return;
    }
    let _ = write!(
        out,
        "<section id=\"reviews\"><h2>Reviews ({})</h2>",
        product.review_count
    );
    if product.average_rating > 0.0 {
        let _ = write!(out, "<p>Rated {:.2} out of 5</p>", product.average_rating);
    }
    out.push_str("<ol>");
    for review in &product.reviews {
        let _ = write!(
            out,
            "<li><p><strong>{}</strong> <time datetime=\"{}\">{}</time></p>",
            escape(&review.author),
            escape(&review.created_at),
            escape(review.created_at.get(..10).unwrap_or(&review.created_at))
        );
        if let Some(stars) = review.rating {
            let _ = write!(out, "<p>Rated {stars} out of 5</p>");
        }
        let _ = write!(out, "<p>{}</p></li>", escape(&review.text));
    }
    out.push_str("</ol></section>");
}

fn header(site: &SiteView) -> String {
    let mut out = format!(
        "<header><a href=\"/\">{}</a><nav aria-label=\"Product categories\"><ul>",
        escape(&site.name)
    );
    for c in site.categories.iter().filter(|c| c.parent.is_none()) {
        let _ = write!(
            out,
            "<li><a href=\"{}\">{}</a></li>",
            escape(&c.url),
            escape(&c.name)
        );
    }
    out.push_str("</ul></nav></header>");
    out
}

fn product_list(out: &mut String, products: &[ProductSummaryView]) {
    out.push_str("<ul class=\"products\">");
    for p in products {
        let price = p
            .price
            .as_ref()
            .map(|pr| format!(" <span class=\"price\">{}</span>", escape(&pr.text)))
            .unwrap_or_default();
        let _ = write!(
            out,
            "<li><a href=\"{}\">{}</a>{price}</li>",
            escape(&p.url),
            escape(&p.name)
        );
    }
    out.push_str("</ul>");
}

fn listing_body(out: &mut String, context: &ListingContextView, listing: &ProductListView) {
    let _ = write!(out, "<h1>{}</h1>", escape(&context.title));
    if !context.description.is_empty() {
        let text = escape(&strip_tags(&context.description));
        let _ = write!(out, "<div class=\"term-description\"><p>{text}</p></div>");
    }
    let _ = write!(
        out,
        "<p class=\"woocommerce-result-count\">{}</p>",
        escape(&listing.meta.result_count)
    );
    if listing.products.is_empty() {
        out.push_str("<p>No products were found matching your selection.</p>");
    }
    product_list(out, &listing.products);
    let page = listing.meta.page;
    let last = u32::try_from(listing.meta.total_pages).unwrap_or(u32::MAX);
    if last > 1 {
        out.push_str("<nav aria-label=\"Pagination\">");
        if page > 1 {
            let href = page_href(context, page - 1);
            let _ = write!(
                out,
                "<a rel=\"prev\" href=\"{}\">Previous</a> ",
                escape(&href)
            );
        }
        if page < last {
            let href = page_href(context, page + 1);
            let _ = write!(out, "<a rel=\"next\" href=\"{}\">Next</a>", escape(&href));
        }
        out.push_str("</nav>");
    }
}

/// The address of another page of the same listing.
fn page_href(context: &ListingContextView, page: u32) -> String {
    let slug = context.slug.clone().unwrap_or_default();
    let route = match context.kind {
        ListingKind::Shop => Route::Shop { page },
        ListingKind::Category => Route::Category {
            path: slug.split('/').map(str::to_owned).collect(),
            page,
        },
        ListingKind::Tag => Route::Tag { slug, page },
        ListingKind::Search => {
            let query = context.query.clone().unwrap_or_default();
            let q = serde_urlencoded::to_string([("s", query.as_str()), ("post_type", "product")])
                .unwrap_or_default();
            return format!("{}?{q}", Route::Search { query, page }.path());
        }
    };
    route.path()
}
