//! The one resolver behind storefront HTML and `GET /api/v1/pages`: URL → `PageData`.

use axum::http::StatusCode;
use vitrine_app::pricing::Pricer;
use vitrine_domain::catalogue::{
    LayeredFilter, ListingFilter, ListingQuery, ListingSort, PageRequest,
};

use super::page_events;
use super::route::{Parsed, QueryPairs, Route, parse, query_value};
use super::seo;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::shop;
use crate::state::AppState;
use crate::views::{AccountPage, ListingContextView, ListingKind, PageData, SiteView};

/// A resolved storefront address.
#[derive(Debug)]
pub enum Resolution {
    /// 301 to this path and query.
    Redirect(String),
    Page(StatusCode, Box<PageData>),
}

/// Resolves a storefront path and raw query string into page data with prices in `pricer`'s
/// currency. Lenient like WooCommerce: an unknown `orderby` falls back to the default order
/// rather than failing the page.
///
/// In coming-soon mode (`[shop] coming_soon`) a visitor who may not see the shop gets the
/// coming-soon page for every page but the account pages; `may_see_shop` says whether this
/// request's login has `view_coming_soon` (ADR 0010).
pub async fn resolve(
    state: &AppState,
    pricer: &Pricer,
    path: &str,
    raw_query: &str,
    may_see_shop: bool,
) -> ApiResult<Resolution> {
    let query: QueryPairs = serde_urlencoded::from_str(raw_query).unwrap_or_default();
    let parsed = parse(path, raw_query, &query);
    let hidden = state.settings().coming_soon && !may_see_shop;
    if hidden && !matches!(&parsed, Parsed::Route(route) if route.is_account()) {
        // Nothing of the catalogue before launch: not even the menu's categories.
        let mut site = shop::site_view(state, pricer).await?;
        site.categories.clear();
        let seo = seo::coming_soon(state);
        let data = PageData::ComingSoon { site, seo };
        return Ok(Resolution::Page(StatusCode::OK, Box::new(data)));
    }
    let route = match parsed {
        Parsed::Redirect(to) => return Ok(Resolution::Redirect(to)),
        Parsed::NotFound => return not_found(state, pricer).await,
        Parsed::Route(route) => route,
    };
    let sort = query_value(&query, "orderby")
        .and_then(ListingSort::parse)
        .unwrap_or_default();
    let layered = LayeredFilter::from_query(
        query.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        state.settings().base_currency,
    );
    match page_data(state, pricer, &route, sort, &layered).await {
        Ok(Some(data)) => Ok(Resolution::Page(StatusCode::OK, Box::new(data))),
        Ok(None) => not_found(state, pricer).await,
        Err(err) if is_missing(&err) => not_found(state, pricer).await,
        Err(err) => Err(err),
    }
}

fn is_missing(err: &ApiError) -> bool {
    matches!(
        err.code(),
        ErrorCode::ProductNotFound
            | ErrorCode::CategoryNotFound
            | ErrorCode::TagNotFound
            | ErrorCode::NotFound
    )
}

async fn not_found(state: &AppState, pricer: &Pricer) -> ApiResult<Resolution> {
    let site = shop::site_view(state, pricer).await?;
    let seo = seo::not_found(state);
    let data = PageData::NotFound { site, seo };
    Ok(Resolution::Page(StatusCode::NOT_FOUND, Box::new(data)))
}

/// `None` when the route names nothing (a page past the last one).
async fn page_data(
    state: &AppState,
    pricer: &Pricer,
    route: &Route,
    sort: ListingSort,
    layered: &LayeredFilter,
) -> ApiResult<Option<PageData>> {
    let site = shop::site_view(state, pricer).await?;
    let (filter, page, context) = match route {
        Route::Home => return home(state, pricer, site, sort).await.map(Some),
        Route::Product { slug } => {
            let product = shop::product_by_slug(state, slug).await?;
            let view = shop::product_view(state, pricer, &product).await?;
            let seo = seo::product(state, route, &view);
            let events = page_events::product(&view, pricer);
            let product = Box::new(view);
            return Ok(Some(PageData::Product {
                site,
                seo,
                product,
                events,
            }));
        }
        // The cart itself is personal: the browser asks `/api/v1/session` for it, so the page
        // (HTML and PageData) is the same for everyone.
        Route::Cart => {
            let seo = seo::cart(state);
            let events = page_events::cart(pricer);
            return Ok(Some(PageData::Cart { site, seo, events }));
        }
        // Checkout pages: the same for everyone; the browser asks the API for the rest.
        Route::Checkout => {
            let seo = seo::checkout(state, route, "Checkout");
            return Ok(Some(PageData::Checkout { site, seo }));
        }
        Route::OrderReceived { order_id } => {
            let seo = seo::checkout(state, route, "Order received");
            let order_id = *order_id;
            return Ok(Some(PageData::OrderReceived {
                site,
                seo,
                order_id,
            }));
        }
        Route::OrderPay { order_id } => {
            let seo = seo::checkout(state, route, "Pay for order");
            let order_id = *order_id;
            return Ok(Some(PageData::OrderPay {
                site,
                seo,
                order_id,
            }));
        }
        Route::Account => {
            let seo = seo::account(state, route, "My account");
            let view = AccountPage::Dashboard;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::AccountArea(area) => {
            let seo = seo::account(state, route, &area.title());
            let view = account_page(area);
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::LostPassword => {
            let seo = seo::account(state, route, "Lost password");
            let view = AccountPage::LostPassword;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::EditAccount => {
            let seo = seo::account(state, route, "Account details");
            let view = AccountPage::EditAccount;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::PaymentMethods => {
            let seo = seo::account(state, route, "Payment methods");
            let view = AccountPage::PaymentMethods;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::AddPaymentMethod => {
            let seo = seo::account(state, route, "Add payment method");
            let view = AccountPage::AddPaymentMethod;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::ProductImages => {
            let seo = seo::account(state, route, "Product images");
            let view = AccountPage::ProductImages;
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::BlockEditor { slug } => {
            let block = crate::content::block_view(state, slug).await?;
            let seo = seo::account(state, route, &format!("Edit block: {}", block.title));
            let view = AccountPage::BlockEditor { slug: block.slug };
            return Ok(Some(PageData::Account { site, seo, view }));
        }
        Route::Shop { page } => (
            ListingFilter::Shop,
            *page,
            context(ListingKind::Shop, "Shop"),
        ),
        Route::Search { query: text, page } => {
            let mut context = context(ListingKind::Search, &format!("Search results: “{text}”"));
            context.query = Some(text.clone());
            (ListingFilter::Search(text.clone()), *page, context)
        }
        Route::Category { path, page } => {
            let catalogue = state.shop().catalogue();
            let filter = catalogue.category_filter(&path.join("/")).await?;
            (filter, *page, category_context(state, path).await?)
        }
        Route::Tag { slug, page } => {
            let filter = state.shop().catalogue().tag_filter(slug).await?;
            (filter, *page, tag_context(state, slug).await?)
        }
    };
    let query = ListingQuery {
        layered: layered.clone(),
        ..query(state, filter, sort, page)
    };
    let listing = shop::listing(state, pricer, &query).await?;
    if u64::from(page) > listing.meta.total_pages.max(1) {
        return Ok(None);
    }
    let filters = shop::filter_panel(state, &query).await?;
    let seo = seo::listing(state, route, &context);
    let orderby = orderby_value(sort).to_owned();
    let events = page_events::listing(&context, &listing, pricer);
    Ok(Some(PageData::Listing {
        site,
        seo,
        context,
        listing,
        orderby,
        filters,
        events,
    }))
}

/// One page of `filter` in the shop's page size.
fn query(state: &AppState, filter: ListingFilter, sort: ListingSort, page: u32) -> ListingQuery {
    let per_page = state
        .settings()
        .per_page
        .clamp(1, PageRequest::MAX_PER_PAGE);
    ListingQuery {
        layered: Default::default(),
        filter,
        sort,
        page: PageRequest { page, per_page },
    }
}

/// The home page: featured products, the first shop page, the content blocks and the
/// shoppers' quotes.
async fn home(
    state: &AppState,
    pricer: &Pricer,
    site: SiteView,
    sort: ListingSort,
) -> ApiResult<PageData> {
    let featured = query(state, ListingFilter::Featured, sort, 1);
    let featured = shop::listing(state, pricer, &featured).await?.products;
    let shop_page = query(state, ListingFilter::Shop, sort, 1);
    let listing = shop::listing(state, pricer, &shop_page).await?;
    Ok(PageData::Home {
        site,
        seo: seo::home(state),
        featured,
        listing,
        blocks: Box::new(crate::content::home_blocks(state).await?),
        highlights: crate::reviews::highlights(state).await?,
    })
}

fn context(kind: ListingKind, title: &str) -> ListingContextView {
    ListingContextView {
        kind,
        title: title.to_owned(),
        description: String::new(),
        slug: None,
        query: None,
    }
}

async fn category_context(state: &AppState, path: &[String]) -> ApiResult<ListingContextView> {
    let taxonomy = state.shop().catalogue().taxonomy().await?;
    let segments: Vec<&str> = path.iter().map(String::as_str).collect();
    let category = taxonomy
        .tree
        .by_path(&segments)
        .ok_or_else(|| ApiError::category_not_found(&path.join("/")))?;
    Ok(ListingContextView {
        description: category.description.clone(),
        slug: Some(path.join("/")),
        ..context(ListingKind::Category, &category.name)
    })
}

async fn tag_context(state: &AppState, slug: &str) -> ApiResult<ListingContextView> {
    let taxonomy = state.shop().catalogue().taxonomy().await?;
    let tag = taxonomy
        .tags
        .iter()
        .find(|t| t.slug.as_str() == slug)
        .ok_or_else(|| ApiError::tag_not_found(slug))?;
    Ok(ListingContextView {
        slug: Some(slug.to_owned()),
        ..context(ListingKind::Tag, &tag.name)
    })
}

/// WooCommerce's `orderby` value for a sort.
pub fn orderby_value(sort: ListingSort) -> &'static str {
    match sort {
        ListingSort::MenuOrder => "menu_order",
        ListingSort::Popularity => "popularity",
        ListingSort::Rating => "rating",
        ListingSort::Date => "date",
        ListingSort::Price => "price",
        ListingSort::PriceDesc => "price-desc",
    }
}

/// The account area's page data: which page; the browser asks the account's API for the rest.
fn account_page(area: &super::AccountArea) -> AccountPage {
    use super::AccountArea as A;
    match area {
        A::Orders { page } => AccountPage::Orders { page: *page },
        A::ViewOrder { order_id } => AccountPage::ViewOrder {
            order_id: *order_id,
        },
        A::Downloads => AccountPage::Downloads,
        A::Addresses => AccountPage::Addresses,
        A::EditAddress { address } => AccountPage::EditAddress { address: *address },
    }
}
