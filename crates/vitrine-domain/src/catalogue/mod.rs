//! The catalogue: products of every WooCommerce type, their variations, taxonomy and media.

pub mod colour;
mod fixed_prices;
mod ids;
mod image;
mod inventory;
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
pub use image::{IMAGE_SIZES, Image, ImageSize};
pub use inventory::{Backorders, Inventory, QuantityRules, StockStatus};
pub use listing::{
    ListingFilter, ListingPage, ListingQuery, ListingSort, PageRequest, result_count_text,
};
pub use pricing::{PriceRange, Pricing, SaleWindow};
pub use product::{
    Attribute, Bundle, BundleItem, CatalogVisibility, Download, ExternalLink, Product, ProductKind,
    ProductStatus, Shipping,
};
pub use slug::{Slug, SlugError, slugify};
pub use taxonomy::{Category, CategoryTree, Tag};
pub use variation::{AttributeSelection, Variation, find_matching};
