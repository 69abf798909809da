//! A product as its own page shows it (`ProductView`), with taxonomy, gallery and relations.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::AppResult;
use vitrine_domain::catalogue::{Category, CategoryTree, Product, ProductKind, Tag};
use vitrine_domain::rich_text::{is_web_url, safe_html};

use super::ViewContext;
use super::image::ImageView;
use super::price::MoneyView;
use super::product::{ProductSummaryView, product_url};
use super::review::{ReviewFormView, ReviewView, ReviewsPart};
use super::variation::{dimensions_html, weight_html};
use super::variations_form::VariationsFormDataView;

/// A category or tag link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TermView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// "/product-category/clothing/tshirts/" or "/product-tag/{slug}/"
    pub url: String,
}

/// A visible attribute ("Additional information" tab).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AttributeView {
    pub name: String,
    pub options: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ExternalView {
    pub url: String,
    pub button_text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BundleItemView {
    pub product: ProductSummaryView,
    pub quantity: u32,
    /// Price per unit inside the bundle.
    pub price: MoneyView,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct BundleView {
    pub base_price: MoneyView,
    /// Base price plus every item's price × quantity.
    pub total: MoneyView,
    pub items: Vec<BundleItemView>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct BreadcrumbView {
    pub name: String,
    pub url: String,
}

/// A product with everything its page shows.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProductView {
    #[serde(flatten)]
    pub summary: ProductSummaryView,
    /// HTML, sanitised when rendered (safe to inline).
    pub description: String,
    /// Gallery; the first is the main image.
    pub images: Vec<ImageView>,
    pub categories: Vec<TermView>,
    pub tags: Vec<TermView>,
    pub attributes: Vec<AttributeView>,
    /// "1.5 lbs", or "" when not set.
    pub weight_html: String,
    /// "10 × 8 × 3 in", or "" when not set.
    pub dimensions_html: String,
    pub reviews_allowed: bool,
    /// Approved reviews.
    pub review_count: u32,
    /// Mean rating of the approved reviews, to two decimals; 0 when none is rated.
    pub average_rating: f64,
    /// The newest approved reviews (up to 20), newest first; the Reviews tab renders them
    /// without a request.
    pub reviews: Vec<ReviewView>,
    /// The shop's rules for the review form.
    pub review_form: ReviewFormView,
    /// HTML, sanitised when rendered (safe to inline).
    pub purchase_note: String,
    pub downloadable: bool,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    #[schema(required = true)]
    pub external: Option<ExternalView>,
    /// Grouped: each child with its own price and quantity rules.
    pub grouped_children: Vec<ProductSummaryView>,
    #[schema(required = true)]
    pub bundle: Option<BundleView>,
    /// Variable products only.
    #[schema(required = true)]
    pub variations_form: Option<VariationsFormDataView>,
    pub upsells: Vec<ProductSummaryView>,
    pub cross_sells: Vec<ProductSummaryView>,
    pub related: Vec<ProductSummaryView>,
    /// Home › Clothing › Hoodies › Hoodie
    pub breadcrumbs: Vec<BreadcrumbView>,
}

/// Everything loaded around a product for its page.
#[derive(Debug)]
pub struct ProductParts<'a> {
    pub summary: ProductSummaryView,
    pub categories: &'a CategoryTree,
    pub tags: Vec<&'a Tag>,
    pub grouped_children: Vec<ProductSummaryView>,
    /// Summaries of the bundle's items, in the bundle's order.
    pub bundle_items: Vec<ProductSummaryView>,
    pub upsells: Vec<ProductSummaryView>,
    pub cross_sells: Vec<ProductSummaryView>,
    pub related: Vec<ProductSummaryView>,
    /// Approved reviews with their count and average.
    pub reviews: ReviewsPart,
}

/// "/product-category/clothing/tshirts/"
pub fn category_url(tree: &CategoryTree, category: &Category) -> String {
    format!("/product-category/{}/", tree.path(category.id).join("/"))
}

/// "/product-tag/{slug}/"
pub fn tag_url(tag: &Tag) -> String {
    format!("/product-tag/{}/", tag.slug)
}

impl ProductView {
    /// An error when the bundle's prices cannot be added up (stored data the importer refuses)
    /// or a price cannot be converted into the request's currency.
    pub fn new(
        product: &Product,
        parts: ProductParts<'_>,
        cx: &ViewContext<'_>,
    ) -> AppResult<Self> {
        let tree = parts.categories;
        let categories: Vec<&Category> = product
            .categories
            .iter()
            .filter_map(|id| tree.get(*id))
            .collect();
        // Rich text is sanitised again here, not only on import: products stored before the
        // importer sanitised (or written by any other path) never reach a page unchecked.
        // ammonia takes a few microseconds for a description.
        Ok(Self {
            description: safe_html(&product.description),
            images: product
                .images
                .iter()
                .map(|i| ImageView::new(i, &product.name))
                .collect(),
            categories: categories
                .iter()
                .map(|c| TermView {
                    id: c.id.0,
                    name: c.name.clone(),
                    slug: c.slug.to_string(),
                    url: category_url(tree, c),
                })
                .collect(),
            tags: parts
                .tags
                .iter()
                .map(|t| TermView {
                    id: t.id.0,
                    name: t.name.clone(),
                    slug: t.slug.to_string(),
                    url: tag_url(t),
                })
                .collect(),
            attributes: product
                .attributes
                .iter()
                .filter(|a| a.visible)
                .map(|a| AttributeView {
                    name: a.name.clone(),
                    options: a.options.clone(),
                })
                .collect(),
            weight_html: weight_html(product.shipping.weight, &cx.settings.weight_unit),
            dimensions_html: dimensions_html(&product.shipping, &cx.settings.dimension_unit),
            reviews_allowed: product.reviews_allowed,
            review_count: parts.reviews.count,
            average_rating: parts.reviews.average,
            reviews: parts.reviews.reviews,
            review_form: ReviewFormView::new(&cx.settings.reviews),
            purchase_note: safe_html(&product.purchase_note),
            downloadable: product.downloadable,
            is_virtual: product.is_virtual,
            external: product
                .external
                .as_ref()
                .filter(|e| is_web_url(&e.url))
                .map(|e| ExternalView {
                    url: e.url.clone(),
                    button_text: e.button_text.clone(),
                }),
            grouped_children: parts.grouped_children,
            bundle: bundle_view(product, parts.bundle_items, cx)?,
            variations_form: (product.kind == ProductKind::Variable)
                .then(|| VariationsFormDataView::new(product, cx))
                .transpose()?,
            upsells: parts.upsells,
            cross_sells: parts.cross_sells,
            related: parts.related,
            breadcrumbs: breadcrumbs(product, tree, categories.first().copied()),
            summary: parts.summary,
        })
    }
}

/// The bundle's parts in the request's currency. Each part is converted on its own, for
/// information; the total is the bundle's price as a cart charges it (the whole converted).
fn bundle_view(
    product: &Product,
    mut summaries: Vec<ProductSummaryView>,
    cx: &ViewContext<'_>,
) -> AppResult<Option<BundleView>> {
    let Some(bundle) = product.bundle.as_ref() else {
        return Ok(None);
    };
    let convert = |price| cx.pricer.convert_price(price).map(|p| cx.prices.money(p));
    let mut items = Vec::with_capacity(bundle.items.len());
    for item in &bundle.items {
        let Some(at) = summaries.iter().position(|s| s.id == item.product_id.0) else {
            continue;
        };
        items.push(BundleItemView {
            product: summaries.swap_remove(at),
            quantity: item.quantity,
            price: convert(item.price)?,
        });
    }
    let total = bundle
        .total()
        .map_err(|e| vitrine_app::AppError::Internal(e.into()))?;
    Ok(Some(BundleView {
        base_price: convert(bundle.base_price)?,
        total: convert(total)?,
        items,
    }))
}

fn breadcrumbs(
    product: &Product,
    tree: &CategoryTree,
    category: Option<&Category>,
) -> Vec<BreadcrumbView> {
    let mut crumbs = vec![BreadcrumbView {
        name: "Home".into(),
        url: "/".into(),
    }];
    if let Some(category) = category {
        crumbs.extend(
            tree.ancestry(category.id)
                .into_iter()
                .map(|c| BreadcrumbView {
                    name: c.name.clone(),
                    url: category_url(tree, c),
                }),
        );
    }
    crumbs.push(BreadcrumbView {
        name: product.name.clone(),
        url: product_url(product),
    });
    crumbs
}
