//! A product as listings show it (`ProductSummaryView`) and how its price is worked out.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::AppResult;
use vitrine_domain::catalogue::{Product, ProductId, ProductKind, StockStatus};
use vitrine_domain::pricing::discount::Customer;
use vitrine_domain::rich_text::{is_web_url, safe_html};

use super::ViewContext;
use super::image::ImageView;
use super::price::PriceView;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductKindView {
    Simple,
    Variable,
    Grouped,
    External,
    Bundle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockStatusView {
    InStock,
    OutOfStock,
    OnBackorder,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StockView {
    pub status: StockStatusView,
    /// Units on hand when stock is managed.
    #[schema(required = true)]
    pub quantity: Option<i64>,
    /// "In stock", "3 in stock", "Out of stock", "Available on backorder".
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct QuantityView {
    pub min: u32,
    /// None when unlimited.
    #[schema(required = true)]
    pub max: Option<u32>,
    pub step: u32,
    pub sold_individually: bool,
}

/// The listing button, as WooCommerce labels it per product type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AddToCartView {
    /// "Add to cart" | "Select options" | "View products" | external button text | "Read more"
    pub text: String,
    /// The product page, or the external URL.
    pub url: String,
    /// Can be added straight from a listing (simple, purchasable, in stock).
    pub ajax: bool,
    pub external: bool,
}

/// A product in a listing.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductSummaryView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// "/product/hoodie/"
    pub url: String,
    pub kind: ProductKindView,
    /// simple 0, variable 1, bundle 2, grouped 3, external 4
    pub type_code: u8,
    #[schema(required = true)]
    pub sku: Option<String>,
    #[schema(required = true)]
    pub price: Option<PriceView>,
    pub on_sale: bool,
    pub featured: bool,
    #[schema(required = true)]
    pub image: Option<ImageView>,
    /// HTML, sanitised when rendered (safe to inline).
    pub short_description: String,
    pub is_in_stock: bool,
    pub is_purchasable: bool,
    pub stock: StockView,
    pub quantity: QuantityView,
    pub add_to_cart: AddToCartView,
    /// Variable products: one swatch per colour (or first attribute) option with that
    /// variation's image and price, for the card to switch to; empty otherwise.
    pub swatches: Vec<super::CardSwatchView>,
}

/// "/product/{slug}/"
pub fn product_url(product: &Product) -> String {
    product.path()
}

/// The price a product shows in the request's currency, discounted as for a guest buying one
/// (struck through when a sale or a discount lowers a single price). Grouped products take
/// the span of their children's prices, so the caller passes the children it loaded (keyed by
/// id). An error when its prices cannot be combined or converted (stored data the importer
/// would have refused).
pub fn price_of(
    product: &Product,
    children: &HashMap<ProductId, Product>,
    cx: &ViewContext<'_>,
) -> AppResult<Option<PriceView>> {
    let shown = cx
        .pricer
        .shown_price(product, children, Customer::guest(), cx.now)?;
    Ok(shown.map(|s| cx.prices.view(s.range, s.was)))
}

impl ProductSummaryView {
    pub fn new(product: &Product, price: Option<PriceView>, cx: &ViewContext<'_>) -> Self {
        let url = product_url(product);
        let inventory = &product.inventory;
        let is_in_stock = product.is_in_stock();
        let is_purchasable = product.is_purchasable();
        Self {
            id: product.id.0,
            name: product.name.clone(),
            slug: product.slug.to_string(),
            kind: kind_view(product.kind),
            type_code: product.kind.code(),
            sku: product.sku.clone().filter(|s| !s.is_empty()),
            on_sale: product.on_sale(cx.now),
            featured: product.featured,
            image: product
                .images
                .first()
                .map(|i| ImageView::new(i, &product.name)),
            short_description: safe_html(&product.short_description),
            is_in_stock,
            is_purchasable,
            stock: stock_view(product),
            quantity: QuantityView {
                min: inventory.quantity.min,
                max: inventory.max_purchase_quantity(),
                step: inventory.quantity.step.max(1),
                sold_individually: inventory.sold_individually,
            },
            add_to_cart: add_to_cart(product, &url, is_purchasable && is_in_stock),
            url,
            price,
            swatches: Vec::new(),
        }
    }
}

fn kind_view(kind: ProductKind) -> ProductKindView {
    match kind {
        ProductKind::Simple => ProductKindView::Simple,
        ProductKind::Variable => ProductKindView::Variable,
        ProductKind::Grouped => ProductKindView::Grouped,
        ProductKind::External => ProductKindView::External,
        ProductKind::Bundle => ProductKindView::Bundle,
    }
}

fn stock_view(product: &Product) -> StockView {
    let inventory = &product.inventory;
    if product.kind == ProductKind::Variable {
        // Stock lives on the variations; the parent only says whether any can be bought.
        let in_stock = product.is_in_stock();
        return StockView {
            status: if in_stock {
                StockStatusView::InStock
            } else {
                StockStatusView::OutOfStock
            },
            quantity: None,
            text: if in_stock { "In stock" } else { "Out of stock" }.to_owned(),
        };
    }
    let status = match (product.is_in_stock(), inventory.stock_status) {
        (false, _) => StockStatusView::OutOfStock,
        (true, StockStatus::OnBackorder) => StockStatusView::OnBackorder,
        (true, _) if inventory.stock_quantity.is_some_and(|q| q <= 0) => {
            StockStatusView::OnBackorder
        }
        (true, _) => StockStatusView::InStock,
    };
    StockView {
        status,
        quantity: inventory.stock_quantity,
        text: inventory.availability_text(),
    }
}

fn add_to_cart(product: &Product, url: &str, buyable: bool) -> AddToCartView {
    let (text, url, ajax, external) = match (product.kind, &product.external) {
        // A stored link that is not a web address (from before the importer refused them) is
        // no link at all: the button would run it.
        (ProductKind::External, Some(link)) if is_web_url(&link.url) => {
            let text = if link.button_text.trim().is_empty() {
                "Buy product"
            } else {
                link.button_text.as_str()
            };
            (text, link.url.as_str(), false, true)
        }
        (ProductKind::Variable, _) if buyable => ("Select options", url, false, false),
        (ProductKind::Grouped, _) => ("View products", url, false, false),
        (ProductKind::Simple | ProductKind::Bundle, _) if buyable => {
            ("Add to cart", url, true, false)
        }
        _ => ("Read more", url, false, false),
    };
    AddToCartView {
        text: text.to_owned(),
        url: url.to_owned(),
        ajax,
        external,
    }
}
