//! `PageData`: what every storefront HTML page inlines and `/api/v1/pages` returns.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::tracking::page_events::StaticEvent;

use super::product::ProductSummaryView;
use super::product_detail::ProductView;
use super::site::SiteView;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ListingMeta {
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    pub total_pages: u64,
    /// "Showing 1–12 of 17 results"
    pub result_count: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductListView {
    pub products: Vec<ProductSummaryView>,
    pub meta: ListingMeta,
}

/// Head metadata of a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Seo {
    pub title: String,
    pub description: String,
    /// Absolute URL.
    pub canonical: String,
    /// "noindex, follow" for search results and missing pages, "noindex, nofollow" for the
    /// cart; null otherwise.
    #[schema(required = true)]
    pub robots: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListingKind {
    Shop,
    Category,
    Tag,
    Search,
}

/// What a listing page lists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ListingContextView {
    pub kind: ListingKind,
    /// "Shop", the category or tag name, or "Search results: “hoodie”".
    pub title: String,
    /// HTML (a category's description); "" when none.
    pub description: String,
    /// The tag slug or category path ("clothing/tshirts"); null for shop and search.
    #[schema(required = true)]
    pub slug: Option<String>,
    /// The search text; null unless searching.
    #[schema(required = true)]
    pub query: Option<String>,
}

/// A storefront page's data, tagged by `route`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(tag = "route", rename_all = "snake_case")]
pub enum PageData {
    Home {
        site: SiteView,
        seo: Seo,
        featured: Vec<ProductSummaryView>,
        listing: ProductListView,
        /// The page's editable content blocks.
        blocks: Box<super::HomeBlocks>,
        /// Newest well-rated reviews ("What shoppers say").
        highlights: Vec<super::ReviewHighlightView>,
    },
    Listing {
        site: SiteView,
        seo: Seo,
        context: ListingContextView,
        listing: ProductListView,
        /// The `orderby` in force ("menu_order" by default).
        orderby: String,
        /// Attribute and price filters with counts (layered navigation).
        filters: super::FilterPanelView,
        /// The page's static tracking events (ViewCategory or GA4's item list; Search).
        events: Vec<StaticEvent>,
    },
    Product {
        site: SiteView,
        seo: Seo,
        product: Box<ProductView>,
        /// The page's static tracking events (ViewContent).
        events: Vec<StaticEvent>,
    },
    /// `/cart/` (any query): the page only; the cart itself comes from `/api/v1/session`, so
    /// nothing personal is in the HTML.
    Cart {
        site: SiteView,
        seo: Seo,
        /// The page's static tracking events (GA4's view_cart, without the visitor's lines).
        events: Vec<StaticEvent>,
    },
    /// `/checkout/`: the form only; the cart, totals and the shopper's saved addresses come
    /// from `/api/v1/checkout`.
    Checkout {
        site: SiteView,
        seo: Seo,
    },
    /// `/checkout/order-received/{id}/?key=…`: the order itself comes from
    /// `/api/v1/orders/{id}?key=…` (the key is in the address, never in the page).
    OrderReceived {
        site: SiteView,
        seo: Seo,
        order_id: i64,
    },
    /// `/checkout/order-pay/{id}/?pay_for_order=true&key=…`: the order comes from
    /// `/api/v1/orders/{id}?key=…`, the payment goes to `/api/v1/orders/{id}/pay`.
    OrderPay {
        site: SiteView,
        seo: Seo,
        order_id: i64,
    },
    NotFound {
        site: SiteView,
        seo: Seo,
    },
    /// `/my-account/…`: the login form or the dashboard, and the backend block editor; who is
    /// logged in comes from `/api/v1/account/session`.
    Account {
        site: SiteView,
        seo: Seo,
        view: AccountPage,
    },
    /// Every storefront page while the shop is in coming-soon mode, for visitors who may not
    /// see it yet.
    ComingSoon {
        site: SiteView,
        seo: Seo,
    },
}

/// Which account page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AccountPage {
    /// `/my-account/`.
    Dashboard,
    /// `/my-account/lost-password/`: the request form, or the reset form with `?key=…`
    /// (read by the browser).
    LostPassword,
    /// `/my-account/edit-account/`: "Account details".
    EditAccount,
    /// `/my-account/blocks/{slug}/`.
    BlockEditor { slug: String },
    /// `/my-account/orders/` (`page` 1) and `/my-account/orders/{page}/`.
    Orders { page: u32 },
    /// `/my-account/view-order/{order_id}/`.
    ViewOrder { order_id: i64 },
    /// `/my-account/downloads/`.
    Downloads,
    /// `/my-account/edit-address/`.
    Addresses,
    /// `/my-account/edit-address/{address}/`.
    EditAddress { address: AddressPage },
    /// `/my-account/payment-methods/`: the saved cards table.
    PaymentMethods,
    /// `/my-account/add-payment-method/`: a card through the provider's SetupIntent.
    AddPaymentMethod,
    /// `/my-account/product-images/`: staff upload product images (ADR 0016).
    ProductImages,
}

impl PageData {
    pub fn seo(&self) -> &Seo {
        match self {
            Self::Home { seo, .. }
            | Self::Listing { seo, .. }
            | Self::Product { seo, .. }
            | Self::Cart { seo, .. }
            | Self::Checkout { seo, .. }
            | Self::OrderReceived { seo, .. }
            | Self::OrderPay { seo, .. }
            | Self::NotFound { seo, .. }
            | Self::Account { seo, .. }
            | Self::ComingSoon { seo, .. } => seo,
        }
    }

    pub fn site(&self) -> &SiteView {
        match self {
            Self::Home { site, .. }
            | Self::Listing { site, .. }
            | Self::Product { site, .. }
            | Self::Cart { site, .. }
            | Self::Checkout { site, .. }
            | Self::OrderReceived { site, .. }
            | Self::OrderPay { site, .. }
            | Self::NotFound { site, .. }
            | Self::Account { site, .. }
            | Self::ComingSoon { site, .. } => site,
        }
    }
}

/// Which address an edit form is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AddressPage {
    Billing,
    Shipping,
}
