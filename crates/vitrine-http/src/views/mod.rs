//! Wire shapes (`*View`) and their mapping from the domain. Domain types are never
//! serialized directly; every type here derives `ToSchema` so the web app's types are
//! generated from the OpenAPI document.

mod content;
mod image;
mod markdown;
mod page;
mod price;
mod product;
mod product_detail;
mod review;
mod site;
mod variation;
mod variations_form;

pub use content::{BlockView, HomeBlocks};
pub use image::{ImageView, VariationImageView, WIDTHS as IMAGE_WIDTHS, media_path};
pub use markdown::markdown_to_safe_html;
pub use page::{
    AccountPage, ListingContextView, ListingKind, ListingMeta, PageData, ProductListView, Seo,
};
pub use price::{MoneyView, PriceView, Prices};
pub use product::{
    AddToCartView, ProductKindView, ProductSummaryView, QuantityView, StockStatusView, StockView,
    price_of, product_url,
};
pub use product_detail::{
    AttributeView, BreadcrumbView, BundleItemView, BundleView, ExternalView, ProductParts,
    ProductView, TermView, category_url, tag_url,
};
pub use review::{ReviewFormView, ReviewHighlightView, ReviewView, ReviewsPart};
pub use site::{CategoryView, InstagramBlockView, PriceFormatView, SiteView, SymbolPositionView};
pub use variation::{DimensionsView, VariationView, YesNo};
pub use variations_form::{
    AvailabilityMapView, SwatchValueView, VariationAttributeView, VariationsFormDataView,
    variation_attributes, visible_variations,
};

use time::OffsetDateTime;

use crate::settings::ShopSettings;

/// What every mapping needs besides the domain value: settings, price formatting and "now".
#[derive(Debug, Clone, Copy)]
pub struct ViewContext<'a> {
    pub settings: &'a ShopSettings,
    pub prices: Prices<'a>,
    pub now: OffsetDateTime,
}
