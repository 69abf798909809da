//! The catalogue: products of every WooCommerce type, their variations, taxonomy and media.

pub mod colour;
mod fixed_prices;
mod ids;
mod image;
mod inventory;
mod layered;
mod listing;
mod pricing;
mod product;
mod slug;
mod taxonomy;
mod variation;

#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;

pub use fixed_prices::{FixedPriceError, FixedPrices};
pub use ids::{CategoryId, ImageId, ProductId, TagId, VariationId};
pub use image::{IMAGE_SIZES, Image, ImageSize, with_main_image};
pub use inventory::{Backorders, Inventory, QuantityRules, StockStatus};
pub use layered::{
    AttributeCounts, AttributeFilter, FilterCounts, FilterTerm, LayeredFilter,
    MAX_FILTER_ATTRIBUTES, MAX_FILTER_TERMS, TermCount, attribute_slug, filter_terms, term_slug,
};
pub use listing::{
    ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest, ProductStats,
    result_count_text,
};
pub use pricing::{PriceRange, Pricing, SaleWindow};
pub use product::{
    Attribute, Bundle, BundleItem, CatalogVisibility, Download, ExternalLink, Product, ProductKind,
    ProductStatus, Shipping,
};
pub use slug::{Slug, SlugError, slugify};
pub use taxonomy::{Category, CategoryTree, Tag};
pub use variation::{AttributeSelection, Variation, find_matching};
