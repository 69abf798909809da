//! One CSV record turned into a typed [`ProductRow`], with every cell-level error of the row.

use csv::StringRecord;
use vitrine_domain::catalogue::{
    Bundle, CatalogVisibility, Download, ExternalLink, FixedPrices, Inventory, Pricing,
    ProductKind, ProductStatus, SaleWindow, Shipping, StockStatus,
};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::rich_text::is_web_url;

use crate::attributes::RowAttribute;
use crate::cells::Cells;
use crate::columns::{Columns, Field};
use crate::fields::{
    parse_backorders, parse_bool, parse_date, parse_int, parse_measure, parse_price,
    parse_published, parse_stock_status, parse_tax_status, parse_visibility,
};
use crate::fixed_prices::read_fixed_prices;
use crate::issue::RowIssue;
use crate::lists::{
    BundledRef, Reference, TypeSpec, parse_bundled_items, parse_category_paths, parse_reference,
    parse_references, parse_types, split_list, split_text_list,
};

/// Everything one row says, typed but not yet linked to other rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductRow {
    /// Spreadsheet row number (header = 1).
    pub row: u64,
    pub id: Option<i64>,
    pub types: TypeSpec,
    pub sku: Option<String>,
    pub name: String,
    pub status: ProductStatus,
    pub featured: bool,
    pub visibility: CatalogVisibility,
    pub short_description: String,
    pub description: String,
    pub pricing: Pricing,
    /// CURCY's prices fixed in other currencies.
    pub fixed_prices: FixedPrices,
    /// The shop currency the file's prices are in (a bundle without a regular price costs
    /// nothing of it on top of its items).
    pub currency: Currency,
    pub tax_status: String,
    pub tax_class: String,
    pub inventory: Inventory,
    pub shipping: Shipping,
    pub reviews_allowed: bool,
    pub purchase_note: String,
    pub categories: Vec<Vec<String>>,
    pub tags: Vec<String>,
    pub images: Vec<String>,
    pub downloads: Vec<Download>,
    pub download_limit: Option<i64>,
    pub download_expiry_days: Option<i64>,
    pub parent: Option<Reference>,
    pub grouped: Vec<Reference>,
    pub upsells: Vec<Reference>,
    pub cross_sells: Vec<Reference>,
    pub external: Option<ExternalLink>,
    pub menu_order: i64,
    pub attributes: Vec<RowAttribute>,
    pub bundled: Vec<BundledRef>,
}

impl ProductRow {
    pub fn is_variation(&self) -> bool {
        self.types.is_variation()
    }

    pub fn kind(&self) -> Option<ProductKind> {
        self.types.kind
    }
}

/// A parsed row and its warnings, or every error found in it.
pub struct RowOutcome {
    pub row: u64,
    /// ID and SKU as written, kept for rows that failed so that rows pointing at them can say so.
    pub id: Option<i64>,
    pub sku: Option<String>,
    /// Whether the Type cell says variation (known even when the row failed).
    pub variation: bool,
    pub parsed: Result<ProductRow, Vec<RowIssue>>,
    pub warnings: Vec<RowIssue>,
}

pub fn parse_row(
    columns: &Columns,
    record: &StringRecord,
    row: u64,
    currency: Currency,
) -> RowOutcome {
    let mut c = Cells::new(columns, record, row);
    if record.len() > columns.len() && record.iter().skip(columns.len()).any(|s| !s.is_empty()) {
        let message = format!(
            "{} cells but the header has {}",
            record.len(),
            columns.len()
        );
        c.errors.push(RowIssue::new(row, None, message));
    }
    let parsed = read_row(&mut c, currency);
    c.errors.sort_by_key(|e| {
        let at = e.column.as_deref().and_then(|h| columns.position(h));
        at.unwrap_or(usize::MAX)
    });
    let parsed = match parsed {
        Some(p) if c.errors.is_empty() => Ok(p),
        _ => Err(std::mem::take(&mut c.errors)),
    };
    RowOutcome {
        row,
        id: parse_int(c.raw(Field::Id)).ok().flatten(),
        sku: c.opt(Field::Sku),
        variation: c
            .raw(Field::Type)
            .to_ascii_lowercase()
            .contains("variation"),
        parsed,
        warnings: c.warnings,
    }
}

fn read_row(c: &mut Cells<'_>, currency: Currency) -> Option<ProductRow> {
    let types = c.parse(Field::Type, |s| parse_types(s).map(Some));
    let name = c.plain(Field::Name);
    if name.is_empty() && types.is_some_and(|t| !t.is_variation()) {
        c.error(Field::Name, "a product needs a name");
    }
    let price = |s: &str| parse_price(s, currency);
    let pricing = Pricing {
        regular: c.parse(Field::RegularPrice, price),
        sale: c.parse(Field::SalePrice, price),
        sale_window: SaleWindow {
            from: c.parse(Field::SaleFrom, |s| parse_date(s, false)),
            to: c.parse(Field::SaleTo, |s| parse_date(s, true)),
        },
    };
    check_pricing(c, &pricing);
    let fixed_prices = read_fixed_prices(c, currency);
    let stock = c.parse(Field::Stock, parse_int);
    let inventory = Inventory {
        stock_status: c
            .parse(Field::InStock, parse_stock_status)
            .unwrap_or(StockStatus::InStock),
        stock_quantity: stock,
        backorders: c
            .parse(Field::Backorders, parse_backorders)
            .unwrap_or_default(),
        sold_individually: c
            .parse(Field::SoldIndividually, parse_bool)
            .unwrap_or(false),
        ..Inventory::default()
    };
    let shipping = Shipping {
        weight: c.parse(Field::Weight, parse_measure),
        length: c.parse(Field::Length, parse_measure),
        width: c.parse(Field::Width, parse_measure),
        height: c.parse(Field::Height, parse_measure),
        shipping_class: c.opt(Field::ShippingClass),
    };
    let kind = types.and_then(|t| t.kind);
    let bundled = c
        .parse(Field::BundledItems, |s| {
            parse_bundled_items(s, currency).map(Some)
        })
        .unwrap_or_default();
    check_bundle(c, kind, &bundled);
    check_bundle_total(
        c,
        kind,
        pricing.regular.unwrap_or(Money::zero(currency)),
        &bundled,
    );
    let external = external_link(c, kind);
    let row = ProductRow {
        row: c.row,
        id: c.parse(Field::Id, parse_int),
        types: types?,
        sku: c.opt(Field::Sku),
        name,
        status: c
            .parse(Field::Published, parse_published)
            .unwrap_or(ProductStatus::Publish),
        featured: c.parse(Field::Featured, parse_bool).unwrap_or(false),
        visibility: c
            .parse(Field::Visibility, parse_visibility)
            .unwrap_or(CatalogVisibility::Visible),
        short_description: c.rich(Field::ShortDescription),
        description: c.rich(Field::Description),
        pricing,
        fixed_prices,
        currency,
        tax_status: c
            .parse(Field::TaxStatus, parse_tax_status)
            .unwrap_or_else(|| "taxable".into()),
        tax_class: c.text(Field::TaxClass),
        inventory,
        shipping,
        reviews_allowed: c.parse(Field::Reviews, parse_bool).unwrap_or(true),
        purchase_note: c.rich(Field::PurchaseNote),
        categories: c
            .parse(Field::Categories, |s| parse_category_paths(s).map(Some))
            .unwrap_or_default(),
        tags: split_text_list(c.raw(Field::Tags)),
        images: split_list(c.raw(Field::Images)),
        downloads: crate::attributes::downloads(c),
        download_limit: c.parse(Field::DownloadLimit, parse_int).filter(|n| *n >= 0),
        download_expiry_days: c
            .parse(Field::DownloadExpiry, parse_int)
            .filter(|n| *n >= 0),
        parent: c.parse(Field::Parent, |s| match s.trim() {
            "" => Ok(None),
            text => parse_reference(text).map(Some),
        }),
        grouped: c
            .parse(Field::Grouped, |s| parse_references(s).map(Some))
            .unwrap_or_default(),
        upsells: c
            .parse(Field::Upsells, |s| parse_references(s).map(Some))
            .unwrap_or_default(),
        cross_sells: c
            .parse(Field::CrossSells, |s| parse_references(s).map(Some))
            .unwrap_or_default(),
        external,
        menu_order: c.parse(Field::Position, parse_int).unwrap_or(0),
        attributes: crate::attributes::attributes(c),
        bundled,
    };
    Some(row)
}

/// Sale dates in the wrong order are an error; a sale price above the regular one is only a
/// warning, because WooCommerce (and the shop's pricing rule) simply ignores such a sale.
fn check_pricing(c: &mut Cells<'_>, pricing: &Pricing) {
    if let (Some(from), Some(to)) = (pricing.sale_window.from, pricing.sale_window.to)
        && to < from
    {
        c.error(Field::SaleTo, "the sale ends before it starts");
    }
    if let (Some(sale), Some(regular)) = (pricing.sale, pricing.regular)
        && sale > regular
    {
        let (s, r) = (
            c.raw(Field::SalePrice).trim(),
            c.raw(Field::RegularPrice).trim(),
        );
        let message = format!(
            "sale price {s} is above the regular price {r}; it is ignored, as WooCommerce does"
        );
        c.warn(Field::SalePrice, message);
    }
}

fn check_bundle(c: &mut Cells<'_>, kind: Option<ProductKind>, bundled: &[BundledRef]) {
    let is_bundle = kind == Some(ProductKind::Bundle);
    if is_bundle && bundled.is_empty() && c.raw(Field::BundledItems).trim().is_empty() {
        c.error(Field::BundledItems, "a bundle needs at least one item");
    }
    if !is_bundle && !bundled.is_empty() {
        c.warn(
            Field::BundledItems,
            "ignored: only bundles have bundled items",
        );
    }
}

/// A bundle whose price cannot be represented is refused here, so the shop never stores a
/// product it cannot price.
fn check_bundle_total(
    c: &mut Cells<'_>,
    kind: Option<ProductKind>,
    base: Money,
    bundled: &[BundledRef],
) {
    let items = bundled.iter().map(|b| (b.price, b.quantity));
    if kind == Some(ProductKind::Bundle) && Bundle::total_of(base, items).is_err() {
        c.error(Field::BundledItems, "the bundle's total price is too large");
    }
}

/// WooCommerce's default button text is "Buy product". The URL becomes the buy button's
/// link, so only a web address is taken: a `javascript:` link would run when clicked.
fn external_link(c: &mut Cells<'_>, kind: Option<ProductKind>) -> Option<ExternalLink> {
    if kind != Some(ProductKind::External) {
        return None;
    }
    let Some(url) = c.opt(Field::ExternalUrl) else {
        c.warn(
            Field::ExternalUrl,
            "an external product without a URL shows no buy button",
        );
        return None;
    };
    if !is_web_url(&url) {
        c.error(
            Field::ExternalUrl,
            format!("{url:?} is not a web address (http:// or https://)"),
        );
        return None;
    }
    let button_text = Some(c.plain(Field::ButtonText))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "Buy product".into());
    Some(ExternalLink { url, button_text })
}
