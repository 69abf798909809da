//! Wire shapes (`*View`) and their mapping from the domain. Domain types are never
//! serialized directly; every type here derives `ToSchema` so the web app's types are
//! generated from the OpenAPI document.

mod card_swatch;
mod content;
mod currency;
mod filters;
mod image;
mod markdown;
mod page;
mod price;
mod pricing;
mod product;
mod product_detail;
mod review;
mod site;
mod variation;
mod variations_form;

pub use card_swatch::{CardSwatchView, card_swatches};
pub use content::{BlockView, HomeBlocks};
pub use currency::{
    CurrencyChoiceView, CurrencyOptionView, CurrencySiteView, RatesHealthView, SwitcherView,
};
pub use filters::{FilterAttributeView, FilterPanelView, FilterTermView, PriceSpanView};
pub use image::{ImageView, VariationImageView, WIDTHS as IMAGE_WIDTHS, media_path};
pub use markdown::markdown_to_safe_html;
pub use page::{
    AccountPage, AddressPage, ListingContextView, ListingKind, ListingMeta, PageData,
    ProductListView, Seo,
};
pub use price::{MoneyView, PriceView, Prices};
pub use pricing::{
    AppliedDiscountView, BulkRowView, BulkTableView, CartDiscountView, QuantityPriceView,
};
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
use vitrine_app::pricing::Pricer;

use crate::settings::ShopSettings;

/// What every mapping needs besides the domain value: settings, the shopper's currency (its
/// prices and their format) and "now".
#[derive(Debug, Clone, Copy)]
pub struct ViewContext<'a> {
    pub settings: &'a ShopSettings,
    /// Catalogue prices in the request's currency, discounted as for a guest.
    pub pricer: &'a Pricer,
    pub prices: Prices<'a>,
    pub now: OffsetDateTime,
}
