//! A product of any WooCommerce type, with everything the storefront shows about it.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use super::{
    CategoryId, FixedPrices, Image, Inventory, PriceRange, Pricing, ProductId, Slug, TagId,
    Variation,
};
use crate::money::{Money, MoneyError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProductKind {
    Simple,
    Variable,
    Grouped,
    External,
    Bundle,
}

impl ProductKind {
    /// The numeric codes the tracking layer uses (spec: simple 0, variable 1, bundle 2,
    /// grouped 3; external, which has no code there, gets 4).
    pub fn code(self) -> u8 {
        match self {
            Self::Simple => 0,
            Self::Variable => 1,
            Self::Bundle => 2,
            Self::Grouped => 3,
            Self::External => 4,
        }
    }
}

/// Where a product may appear (WooCommerce "Visibility in catalog").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CatalogVisibility {
    Visible,
    Catalog,
    Search,
    Hidden,
}

impl CatalogVisibility {
    pub fn in_listings(self) -> bool {
        matches!(self, Self::Visible | Self::Catalog)
    }
    pub fn in_search(self) -> bool {
        matches!(self, Self::Visible | Self::Search)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Visible => "visible",
            Self::Catalog => "catalog",
            Self::Search => "search",
            Self::Hidden => "hidden",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProductStatus {
    Publish,
    Private,
    Draft,
}

/// A product attribute ("Color": Blue, Green, Red).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attribute {
    pub name: String,
    /// Form key suffix: `attribute_{slug}`.
    pub slug: String,
    pub options: Vec<String>,
    /// Shown in the "Additional information" table.
    pub visible: bool,
    /// Used for variations.
    pub variation: bool,
    /// A global (taxonomy) attribute rather than a custom one.
    pub global: bool,
}

impl Attribute {
    pub fn form_key(&self) -> String {
        format!("attribute_{}", self.slug)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Shipping {
    pub weight: Option<Decimal>,
    pub length: Option<Decimal>,
    pub width: Option<Decimal>,
    pub height: Option<Decimal>,
    pub shipping_class: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalLink {
    pub url: String,
    pub button_text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleItem {
    pub product_id: ProductId,
    pub quantity: u32,
    /// Price charged per unit of this item inside the bundle.
    pub price: Money,
}

/// A bundle: a base price plus a price per bundled item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    pub base_price: Money,
    pub items: Vec<BundleItem>,
}

impl Bundle {
    /// The base price plus each item's price times its quantity; an error rather than a total
    /// that overflowed or mixed currencies.
    pub fn total(&self) -> Result<Money, MoneyError> {
        Self::total_of(
            self.base_price,
            self.items.iter().map(|i| (i.price, i.quantity)),
        )
    }

    /// [`Bundle::total`] of a base price and `(price, quantity)` items, for a bundle still
    /// being read (the importer checks it before the items are resolved).
    pub fn total_of(
        base_price: Money,
        items: impl IntoIterator<Item = (Money, u32)>,
    ) -> Result<Money, MoneyError> {
        items
            .into_iter()
            .try_fold(base_price, |acc, (price, quantity)| {
                acc.checked_add(price.checked_mul(i64::from(quantity))?)
            })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Download {
    pub name: String,
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Product {
    pub id: ProductId,
    pub kind: ProductKind,
    pub sku: Option<String>,
    pub name: String,
    pub slug: Slug,
    pub status: ProductStatus,
    pub featured: bool,
    pub visibility: CatalogVisibility,
    pub short_description: String,
    pub description: String,
    pub pricing: Pricing,
    /// Prices fixed in other currencies (ADR 0012); empty for most items.
    #[serde(default, skip_serializing_if = "FixedPrices::is_empty")]
    pub fixed_prices: FixedPrices,
    pub tax_status: String,
    pub tax_class: String,
    pub inventory: Inventory,
    pub shipping: Shipping,
    pub downloadable: bool,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloads: Vec<Download>,
    pub download_limit: Option<i64>,
    pub download_expiry_days: Option<i64>,
    pub reviews_allowed: bool,
    pub purchase_note: String,
    pub categories: Vec<CategoryId>,
    pub tags: Vec<TagId>,
    pub images: Vec<Image>,
    pub attributes: Vec<Attribute>,
    /// Variation pre-selected on load (attribute slug → value).
    pub default_attributes: Vec<(String, String)>,
    pub variations: Vec<Variation>,
    pub grouped_children: Vec<ProductId>,
    pub upsells: Vec<ProductId>,
    pub cross_sells: Vec<ProductId>,
    pub external: Option<ExternalLink>,
    pub bundle: Option<Bundle>,
    pub menu_order: i64,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

impl Product {
    /// The product's page: `/product/{slug}/` (WooCommerce's permalink).
    pub fn path(&self) -> String {
        format!("/product/{}/", self.slug)
    }

    pub fn is_published(&self) -> bool {
        self.status == ProductStatus::Publish
    }

    /// Every image the product shows: its own (main and gallery), then its variations'.
    pub fn shown_images(&self) -> impl Iterator<Item = &Image> {
        self.images
            .iter()
            .chain(self.variations.iter().filter_map(|v| v.image.as_ref()))
    }

    /// Variations a shopper can pick (enabled and priced).
    pub fn active_variations(&self) -> impl Iterator<Item = &Variation> {
        self.variations
            .iter()
            .filter(|v| v.enabled && v.pricing.regular.is_some())
    }

    /// The price range this product shows by itself. Grouped products take their range from
    /// their children, which the caller supplies. An error when its prices cannot be combined
    /// (a bundle total that overflows, variations in two currencies).
    pub fn price_range(&self, now: OffsetDateTime) -> Result<Option<PriceRange>, MoneyError> {
        match self.kind {
            ProductKind::Variable => PriceRange::of(
                self.active_variations()
                    .filter_map(|v| v.pricing.active(now)),
            ),
            ProductKind::Bundle => self
                .bundle
                .as_ref()
                .map(|b| b.total().map(PriceRange::single))
                .transpose(),
            ProductKind::Grouped => Ok(None),
            ProductKind::Simple | ProductKind::External => {
                Ok(self.pricing.active(now).map(PriceRange::single))
            }
        }
    }

    /// Regular (pre-sale) price for a single-priced product on sale, to strike through.
    pub fn regular_price_if_on_sale(&self, now: OffsetDateTime) -> Option<Money> {
        match self.kind {
            ProductKind::Simple | ProductKind::External if self.pricing.on_sale(now) => {
                self.pricing.regular
            }
            ProductKind::Variable => {
                let vs: Vec<_> = self.active_variations().collect();
                let all_same_regular = vs
                    .windows(2)
                    .all(|w| w[0].pricing.regular == w[1].pricing.regular);
                let prices: Vec<_> = vs.iter().filter_map(|v| v.pricing.active(now)).collect();
                let one_price = !prices.is_empty() && prices.windows(2).all(|w| w[0] == w[1]);
                (one_price
                    && all_same_regular
                    && vs.first().is_some_and(|v| v.pricing.on_sale(now)))
                .then(|| vs.first().and_then(|v| v.pricing.regular))
                .flatten()
            }
            _ => None,
        }
    }

    /// Whether any purchasable part of the product is on sale now (for the "Sale!" badge).
    pub fn on_sale(&self, now: OffsetDateTime) -> bool {
        match self.kind {
            ProductKind::Variable => self.active_variations().any(|v| v.pricing.on_sale(now)),
            _ => self.pricing.on_sale(now),
        }
    }

    /// Whether the product can be put in a cart as such (external ones never can).
    pub fn is_purchasable(&self) -> bool {
        self.is_published()
            && match self.kind {
                ProductKind::External => false,
                ProductKind::Grouped => false,
                ProductKind::Variable => self.active_variations().next().is_some(),
                ProductKind::Bundle => self.bundle.is_some(),
                ProductKind::Simple => {
                    self.pricing.regular.is_some() || self.pricing.sale.is_some()
                }
            }
    }

    pub fn is_in_stock(&self) -> bool {
        match self.kind {
            ProductKind::Variable => self.active_variations().any(|v| v.inventory.is_in_stock()),
            _ => self.inventory.is_in_stock(),
        }
    }

    pub fn variation(&self, id: super::VariationId) -> Option<&Variation> {
        self.variations.iter().find(|v| v.id == id)
    }
}
