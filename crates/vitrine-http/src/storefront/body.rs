//! The server-rendered body inside `#root`: the page frame (frame.rs, the server's for good: ADR
//! 0040) and `<main>`, the page as the shopper sees it above the fold, in the web app's markup
//! and class names (so React's render of `<main>` replaces it without a larger paint or a shift,
//! issue 16), and what crawlers and no-JS visitors read: headings, text, links, reviews and page
//! links.

use std::fmt::Write;

use super::frame;
use super::head::GALLERY_IMAGE_SIZES;
use super::listing_tools;
use super::route::Route;
use crate::html::{escape, strip_tags};
use crate::views::{
    FilterPanelView, HomeBlocks, ListingContextView, ListingKind, PageData, ProductListView,
    ProductSummaryView, ProductView, SiteView,
};

/// What the frame needs beyond the page: the cookie banner when the shop asks (its privacy
/// policy link, if any), and the page's path (the category bar marks its current link).
pub struct Frame<'a> {
    pub banner: Option<Option<&'a str>>,
    pub path: &'a str,
}

/// The body inside `#root`: the page frame as the shopper sees it (frame.rs), with the page's
/// content in the app's markup above the fold and its plain reading below it.
pub fn render(data: &PageData, frame: &Frame<'_>) -> String {
    let mut out = String::new();
    if let PageData::ComingSoon { .. } = data {
        frame::bare(
            &mut out,
            "<h1>Great things are on the horizon</h1><p>Something big is brewing! Our store is \
             in the works and will be launching soon!</p>",
        );
        return out;
    }
    let search = match data {
        PageData::Listing { context, .. } => context.query.as_deref().unwrap_or_default(),
        _ => "",
    };
    frame::open(&mut out, data.site(), search, frame.path);
    out.push_str("<main id=\"main\" class=\"site-main\" tabindex=\"-1\">");
    content(&mut out, data);
    out.push_str("</main>");
    frame::close(&mut out, data.site());
    if let Some(privacy) = frame.banner {
        frame::consent_banner(&mut out, privacy);
    }
    // The app's banner (an island) takes the server's place (web/src/app/app.tsx).
    out.push_str("<div data-island=\"consent\"></div>");
    out
}

fn content(out: &mut String, data: &PageData) {
    match data {
        PageData::Home {
            site,
            featured,
            listing,
            blocks,
            ..
        } => home(out, site, featured, listing, blocks),
        PageData::Listing {
            site,
            context,
            listing,
            filters,
            orderby,
            ..
        } => listing_body(out, site, context, listing, (filters, orderby)),
        PageData::Product { product, .. } => product_body(out, product),
        // Nothing personal: the cart is fetched by the browser from `/api/v1/session`. The
        // frame keeps the room its lines take (cart.css `.cart-route`), so they shift nothing.
        PageData::Cart { .. } => out.push_str(
            "<div class=\"container cart-route\"><nav class=\"breadcrumbs\" \
             aria-label=\"Breadcrumb\"><ol><li><a href=\"/\">Home</a></li><li><span \
             aria-current=\"page\">Cart</span></li></ol></nav><div class=\"cart-page\"><h1 \
             class=\"cart-page__title\">Cart</h1><p class=\"cart-page__loading\" \
             aria-busy=\"true\">Loading your cart…</p><noscript><p>Your cart is shown once the \
             page has loaded.</p><p><a href=\"/shop/\">Return to shop</a></p></noscript></div></div>",
        ),
        // Nothing personal either: the checkout and orders come from the API.
        PageData::Checkout { .. } => out.push_str(
            "<div class=\"container\"><h1>Checkout</h1><p>The checkout is shown once the page \
             has loaded.</p><p><a href=\"/cart/\">Return to cart</a></p></div>",
        ),
        PageData::OrderReceived { .. } => out.push_str(
            "<div class=\"container\"><h1>Order received</h1><p>Your order is shown once the \
             page has loaded.</p></div>",
        ),
        PageData::OrderPay { .. } => out.push_str(
            "<div class=\"container\"><h1>Pay for order</h1><p>Your order is shown once the \
             page has loaded.</p></div>",
        ),
        PageData::NotFound { .. } => out.push_str(
            "<div class=\"container\"><h1>Page not found</h1><p>It looks like nothing was \
             found at this location.</p><p><a href=\"/shop/\">Browse the shop</a></p></div>",
        ),
        PageData::Account { .. } => out.push_str(
            "<div class=\"container\"><h1>My account</h1><p>Log in once the page has \
             loaded.</p></div>",
        ),
        PageData::ComingSoon { .. } => {}
    }
}

/// The home page (features/catalogue home page): the hero, then the blocks, categories and
/// products.
fn home(
    out: &mut String,
    site: &SiteView,
    featured: &[ProductSummaryView],
    listing: &ProductListView,
    blocks: &HomeBlocks,
) {
    let tops: Vec<_> = site
        .categories
        .iter()
        .filter(|c| c.parent.is_none() && c.count > 0)
        .collect();
    let total = listing.meta.total;
    let _ = write!(
        out,
        "<div class=\"home\"><section id=\"welcome\" class=\"hero\" aria-labelledby=\"home-title\">\
         <div class=\"parallax\"><div class=\"parallax__layer hero__decor\" aria-hidden=\"true\"></div>\
         <div class=\"container hero__inner\"><p class=\"hero__eyebrow\">{tagline}</p><h1 \
         id=\"home-title\" class=\"hero__title\">Welcome to {name}</h1><p class=\"hero__lead\">\
         <span class=\"count-up\"><span class=\"count-up__ghost\" aria-hidden=\"true\">{total}</span>\
         <span class=\"count-up__digits\" aria-hidden=\"true\">{total}</span><span \
         class=\"sr-only\">{total}</span></span> products across {count} {noun}, ready to ship.</p>\
         <div class=\"hero__actions\"><a class=\"button button--primary button--large\" \
         href=\"/shop/\">Shop all products</a></div></div></div></section>",
        tagline = escape(&site.tagline),
        name = escape(&site.name),
        count = tops.len(),
        noun = if tops.len() == 1 {
            "category"
        } else {
            "categories"
        },
    );
    // Block bodies are sanitised HTML (views::markdown_to_safe_html).
    let _ = write!(
        out,
        "<section id=\"home-welcome\" class=\"editable-block container home-section home-block\">\
         <h2 class=\"section-title\">{}</h2><div class=\"rich-text\">{}</div></section>",
        escape(&blocks.welcome.title),
        blocks.welcome.body_html
    );
    if !tops.is_empty() {
        out.push_str(
            "<section id=\"categories\" class=\"container home-section\"><h2 \
             class=\"section-title\">Shop by category</h2><ul class=\"category-tiles\">",
        );
        for c in &tops {
            let _ = write!(
                out,
                "<li><a class=\"category-tile\" href=\"{}\"><span class=\"category-tile__name\">{}\
                 </span><span class=\"category-tile__count\">{} {}</span></a></li>",
                escape(&c.url),
                escape(&c.name),
                c.count,
                if c.count == 1 { "product" } else { "products" }
            );
        }
        out.push_str("</ul></section>");
    }
    if !featured.is_empty() {
        out.push_str(
            "<section id=\"featured\" class=\"container home-section\"><h2 \
             class=\"section-title\">Featured products</h2>",
        );
        let eager = usize::try_from(site.columns).unwrap_or(usize::MAX);
        product_list(out, featured, site.columns, eager, 3);
        out.push_str("</section>");
    }
    out.push_str("<section class=\"container home-section\"><h2 class=\"section-title\">Shop</h2>");
    product_list(out, &listing.products, site.columns, 0, 3);
    out.push_str("<p><a href=\"/shop/\">All products</a></p></section>");
    let _ = write!(
        out,
        "<section id=\"home-about\" class=\"editable-block container home-section home-block\">\
         <h2 class=\"section-title\">{}</h2><div class=\"rich-text\">{}</div></section></div>",
        escape(&blocks.about.title),
        blocks.about.body_html
    );
}

/// The product page's top (gallery and summary, features/product/components/product-page.tsx),
/// then the description and reviews as plain text.
fn product_body(out: &mut String, product: &ProductView) {
    let s = &product.summary;
    out.push_str("<div class=\"container product-page\">");
    breadcrumbs(
        out,
        product
            .breadcrumbs
            .iter()
            .map(|c| (c.name.as_str(), c.url.as_str())),
    );
    let _ = write!(
        out,
        "<article class=\"product product--{}\"><div class=\"product__top\">",
        kind_class(product)
    );
    gallery(out, product);
    let _ = write!(
        out,
        "<div class=\"product__summary\"><h1 class=\"product__title\">{}</h1>",
        escape(&s.name)
    );
    if let Some(price) = &s.price {
        let _ = write!(
            out,
            "<p class=\"product__price price\"><span class=\"price-amount\">{}</span></p>",
            escape(&price.text)
        );
    }
    // Plain text: crawlers need the words, and imported markup never runs here.
    let _ = write!(
        out,
        "<div class=\"rich-text product__short-description short-description\"><p>{}</p></div>\
         </div></div><div class=\"description\"><p>{}</p></div>",
        escape(&strip_tags(&s.short_description)),
        escape(&strip_tags(&product.description))
    );
    reviews(out, product);
    out.push_str("</article></div>");
}

/// `product--{kind}` as the app writes it (the view's `kind`).
fn kind_class(product: &ProductView) -> String {
    serde_json::to_value(product.summary.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The gallery's main image at its final size (the same `srcset` and `sizes` as
/// product-gallery.tsx, and the head's preload), and its thumbnails.
fn gallery(out: &mut String, product: &ProductView) {
    let name = &product.summary.name;
    out.push_str("<div class=\"gallery\"><div class=\"gallery__main\" data-zooming=\"false\">");
    match product.images.first() {
        Some(image) => {
            out.push_str("<img class=\"gallery__image\"");
            size_attributes(out, image, GALLERY_IMAGE_SIZES);
            let alt = if image.alt.is_empty() {
                name
            } else {
                &image.alt
            };
            let _ = write!(
                out,
                " alt=\"{}\" loading=\"eager\" fetchpriority=\"high\" decoding=\"async\" src=\"{}\">\
                 <button type=\"button\" class=\"gallery__trigger\" aria-label=\"View full-screen \
                 image gallery\" inert><span class=\"gallery__trigger-icon\">{}</span></button>",
                escape(alt),
                escape(&image.src),
                frame::icon("<path d=\"M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7\"></path>")
            );
        }
        None => {
            let _ = write!(
                out,
                "<div class=\"gallery__placeholder\" role=\"img\" aria-label=\"{}: no image yet\"></div>",
                escape(name)
            );
        }
    }
    if product.summary.on_sale {
        out.push_str("<span class=\"badge badge--sale badge--large\">Sale!</span>");
    }
    out.push_str("</div>");
    let count = product.images.len();
    if count > 1 {
        out.push_str("<ul class=\"gallery__thumbs\" aria-label=\"Product images\">");
        for (i, image) in product.images.iter().enumerate() {
            let thumb = if image.gallery_thumbnail_src.is_empty() {
                &image.thumb_src
            } else {
                &image.gallery_thumbnail_src
            };
            let _ = write!(
                out,
                "<li><button type=\"button\" class=\"gallery__thumb\" aria-pressed=\"{}\" \
                 aria-label=\"Show image {} of {count}{}\" inert><img alt=\"\" width=\"100\" \
                 height=\"100\" loading=\"lazy\" decoding=\"async\" src=\"{}\"></button></li>",
                i == 0,
                i + 1,
                if image.alt.is_empty() {
                    String::new()
                } else {
                    format!(": {}", escape(&image.alt))
                },
                escape(thumb)
            );
        }
        out.push_str("</ul>");
    }
    out.push_str("</div>");
}

/// components/breadcrumbs.tsx: the last crumb is the current page.
fn breadcrumbs<'a>(out: &mut String, crumbs: impl ExactSizeIterator<Item = (&'a str, &'a str)>) {
    let last = crumbs.len().saturating_sub(1);
    out.push_str("<nav class=\"breadcrumbs\" aria-label=\"Breadcrumb\"><ol>");
    for (i, (name, url)) in crumbs.enumerate() {
        if i == last {
            let _ = write!(
                out,
                "<li><span aria-current=\"page\">{}</span></li>",
                escape(name)
            );
        } else {
            let _ = write!(
                out,
                "<li><a href=\"{}\">{}</a></li>",
                escape(url),
                escape(name)
            );
        }
    }
    out.push_str("</ol></nav>");
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

/// components/product-grid.tsx and product-card.tsx: the image, the name and the price of each
/// card; the first `eager` cards load their image at once (the first row).
fn product_list(
    out: &mut String,
    products: &[ProductSummaryView],
    columns: u32,
    eager: usize,
    heading: u8,
) {
    let _ = write!(
        out,
        "<ul class=\"products\" style=\"--columns: {};\">",
        columns.clamp(1, 6)
    );
    for (i, p) in products.iter().enumerate() {
        let _ = write!(
            out,
            "<li class=\"product-card\" data-product-id=\"{}\"><div class=\"product-card__media\">",
            p.id
        );
        if let Some(image) = &p.image {
            out.push_str("<img class=\"product-card__image\"");
            size_attributes(out, image, CARD_IMAGE_SIZES);
            let _ = write!(
                out,
                " alt=\"\" loading=\"{}\" decoding=\"async\" src=\"{}\">",
                if i < eager { "eager" } else { "lazy" },
                escape(&image.src)
            );
        }
        if p.on_sale {
            out.push_str("<span class=\"badge badge--sale\">Sale!</span>");
        }
        let price = p
            .price
            .as_ref()
            .map(|pr| {
                format!(
                    "<p class=\"product-card__price\"><span class=\"price-amount price\">{}</span></p>",
                    escape(&pr.text)
                )
            })
            .unwrap_or_default();
        let _ = write!(
            out,
            "</div><div class=\"product-card__body\"><h{heading} class=\"product-card__title\"><a \
             class=\"product-card__link\" href=\"{}\">{}</a></h{heading}>{price}</div></li>",
            escape(&p.url),
            escape(&p.name)
        );
    }
    out.push_str("</ul>");
}

/// The cards' `sizes` (components/product-card.tsx).
const CARD_IMAGE_SIZES: &str = "(min-width: 850px) 360px, (min-width: 550px) 33vw, 50vw";

/// features/catalogue/components/listing-page.tsx: breadcrumbs, heading, the category chips,
/// the result count, the cards and the page links.
fn listing_body(
    out: &mut String,
    site: &SiteView,
    context: &ListingContextView,
    listing: &ProductListView,
    (filters, orderby): (&FilterPanelView, &str),
) {
    out.push_str("<div class=\"container listing\">");
    let mut crumbs: Vec<(&str, &str)> = vec![("Home", "/")];
    let current = match context.kind {
        ListingKind::Category => site
            .categories
            .iter()
            .find(|c| Some(&c.slug) == context.slug.as_ref()),
        _ => None,
    };
    if context.kind == ListingKind::Category {
        let mut chain = Vec::new();
        let mut at = current;
        while let Some(c) = at {
            chain.push((c.name.as_str(), c.url.as_str()));
            at = c
                .parent
                .and_then(|p| site.categories.iter().find(|x| x.id == p));
        }
        crumbs.extend(chain.into_iter().rev());
    } else {
        crumbs.push((context.title.as_str(), ""));
    }
    breadcrumbs(out, crumbs.into_iter());
    let _ = write!(
        out,
        "<div class=\"page-header\"><h1 class=\"page-title\">{}</h1>",
        escape(&context.title)
    );
    if !context.description.is_empty() {
        let text = escape(&strip_tags(&context.description));
        let _ = write!(
            out,
            "<p class=\"page-header__description term-description\">{text}</p>"
        );
    }
    out.push_str("</div>");
    if matches!(context.kind, ListingKind::Shop | ListingKind::Category) {
        let parent = current.map(|c| c.id);
        let chips: Vec<_> = site
            .categories
            .iter()
            .filter(|c| c.parent == parent && c.count > 0)
            .collect();
        if !chips.is_empty() {
            out.push_str("<nav class=\"category-links\" aria-label=\"Browse categories\"><ul>");
            for c in chips {
                let _ = write!(
                    out,
                    "<li><a class=\"chip\" href=\"{}\">{}<span class=\"chip__count\">{}</span></a></li>",
                    escape(&c.url),
                    escape(&c.name),
                    c.count
                );
            }
            out.push_str("</ul></nav>");
        }
    }
    listing_tools::filter_panel(out, filters);
    if listing.products.is_empty() {
        out.push_str(
            "<div class=\"empty-state\"><p class=\"notice\">No products were found matching \
             your selection.</p></div>",
        );
    } else {
        listing_tools::toolbar(out, &listing.meta.result_count, orderby);
    }
    let eager = usize::try_from(site.columns).unwrap_or(usize::MAX);
    product_list(out, &listing.products, site.columns, eager, 2);
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
    out.push_str("</div>");
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

/// An `<img>`'s `sizes`/`srcset` (when the image has candidates) and its intrinsic `width` and
/// `height` (when known), as the app's image components write them.
fn size_attributes(out: &mut String, image: &crate::views::ImageView, sizes: &str) {
    if !image.srcset.is_empty() {
        let _ = write!(
            out,
            " sizes=\"{sizes}\" srcset=\"{}\"",
            escape(&image.srcset)
        );
    }
    if image.src_w > 0 && image.src_h > 0 {
        let _ = write!(out, " width=\"{}\" height=\"{}\"", image.src_w, image.src_h);
    }
}
