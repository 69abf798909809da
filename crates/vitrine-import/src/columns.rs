//! The header row: which WooCommerce column sits where, in any order, including the numbered
//! "Attribute N …" and "Download N …" groups.

use std::collections::{BTreeMap, HashMap};

use crate::issue::RowIssue;

/// A single-valued WooCommerce column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    Id,
    Type,
    Sku,
    Name,
    Published,
    Featured,
    Visibility,
    ShortDescription,
    Description,
    SaleFrom,
    SaleTo,
    TaxStatus,
    TaxClass,
    InStock,
    Stock,
    Backorders,
    SoldIndividually,
    Weight,
    Length,
    Width,
    Height,
    Reviews,
    PurchaseNote,
    SalePrice,
    RegularPrice,
    Categories,
    Tags,
    ShippingClass,
    Images,
    DownloadLimit,
    DownloadExpiry,
    Parent,
    Grouped,
    Upsells,
    CrossSells,
    ExternalUrl,
    ButtonText,
    Position,
    /// Vitrine's own column for bundles (WooCommerce has no bundle type).
    BundledItems,
    /// WooCommerce Multi Currency's fixed prices (`_regular_price_wmcp`, `_sale_price_wmcp`).
    FixedRegularPrices,
    FixedSalePrices,
}

const FIELDS: [(Field, &str); 41] = [
    (Field::Id, "ID"),
    (Field::Type, "Type"),
    (Field::Sku, "SKU"),
    (Field::Name, "Name"),
    (Field::Published, "Published"),
    (Field::Featured, "Is featured?"),
    (Field::Visibility, "Visibility in catalog"),
    (Field::ShortDescription, "Short description"),
    (Field::Description, "Description"),
    (Field::SaleFrom, "Date sale price starts"),
    (Field::SaleTo, "Date sale price ends"),
    (Field::TaxStatus, "Tax status"),
    (Field::TaxClass, "Tax class"),
    (Field::InStock, "In stock?"),
    (Field::Stock, "Stock"),
    (Field::Backorders, "Backorders allowed?"),
    (Field::SoldIndividually, "Sold individually?"),
    (Field::Weight, "Weight (lbs)"),
    (Field::Length, "Length (in)"),
    (Field::Width, "Width (in)"),
    (Field::Height, "Height (in)"),
    (Field::Reviews, "Allow customer reviews?"),
    (Field::PurchaseNote, "Purchase note"),
    (Field::SalePrice, "Sale price"),
    (Field::RegularPrice, "Regular price"),
    (Field::Categories, "Categories"),
    (Field::Tags, "Tags"),
    (Field::ShippingClass, "Shipping class"),
    (Field::Images, "Images"),
    (Field::DownloadLimit, "Download limit"),
    (Field::DownloadExpiry, "Download expiry days"),
    (Field::Parent, "Parent"),
    (Field::Grouped, "Grouped products"),
    (Field::Upsells, "Upsells"),
    (Field::CrossSells, "Cross-sells"),
    (Field::ExternalUrl, "External URL"),
    (Field::ButtonText, "Button text"),
    (Field::Position, "Position"),
    (Field::BundledItems, "Bundled items"),
    (Field::FixedRegularPrices, "Meta: _regular_price_wmcp"),
    (Field::FixedSalePrices, "Meta: _sale_price_wmcp"),
];

/// Columns newer WooCommerce exports write that the shop has no use for; ignored silently,
/// like every "Meta: …" column.
const IGNORED: [&str; 3] = ["low stock amount", "gtin, upc, ean, or isbn", "brands"];

/// Positions of the cells of "Attribute N …" columns.
#[derive(Debug, Clone, Copy, Default)]
pub struct AttributeColumns {
    pub name: Option<usize>,
    pub values: Option<usize>,
    pub visible: Option<usize>,
    pub global: Option<usize>,
    pub default: Option<usize>,
}

/// Positions of the cells of "Download N …" columns.
#[derive(Debug, Clone, Copy, Default)]
pub struct DownloadColumns {
    pub name: Option<usize>,
    pub url: Option<usize>,
}

#[derive(Debug, Clone, Default)]
pub struct Columns {
    headers: Vec<String>,
    fields: HashMap<Field, usize>,
    pub attributes: BTreeMap<u32, AttributeColumns>,
    pub downloads: BTreeMap<u32, DownloadColumns>,
}

/// The header read: its columns, a warning naming ignored columns, and fatal errors.
pub struct HeaderOutcome {
    pub columns: Columns,
    pub warnings: Vec<RowIssue>,
    pub errors: Vec<RowIssue>,
}

impl Columns {
    /// Maps a header row; names match case-insensitively, surrounding spaces ignored.
    pub fn from_header<'a>(header: impl IntoIterator<Item = &'a str>) -> HeaderOutcome {
        let mut columns = Columns::default();
        let (mut unknown, mut errors) = (Vec::new(), Vec::new());
        for (index, raw) in header.into_iter().enumerate() {
            let name = raw.trim_start_matches('\u{feff}').trim().to_owned();
            let key = name.to_ascii_lowercase();
            columns.headers.push(name.clone());
            let claimed = if let Some((field, _)) = FIELDS
                .iter()
                .find(|(_, h)| h.eq_ignore_ascii_case(&meta_spaced(&key)))
            {
                columns.fields.insert(*field, index).is_some()
            } else if is_ignored(&key) {
                false
            } else if let Some(slot) = numbered_slot(&mut columns, &key) {
                slot.replace(index).is_some()
            } else {
                unknown.push(format!("{name:?}"));
                false
            };
            if claimed {
                errors.push(RowIssue::new(1, Some(&name), "the column appears twice"));
            }
        }
        for required in [Field::Type, Field::Name] {
            if !columns.fields.contains_key(&required) {
                let name = columns.header_name(required);
                errors.push(RowIssue::new(
                    1,
                    None,
                    format!("the {name:?} column is missing"),
                ));
            }
        }
        let warnings = if unknown.is_empty() {
            Vec::new()
        } else {
            vec![RowIssue::new(
                1,
                None,
                format!("ignored unknown columns {}", unknown.join(", ")),
            )]
        };
        HeaderOutcome {
            columns,
            warnings,
            errors,
        }
    }

    pub fn index(&self, field: Field) -> Option<usize> {
        self.fields.get(&field).copied()
    }

    /// The header as the file writes it, or WooCommerce's name when the column is absent.
    pub fn header_name(&self, field: Field) -> &str {
        self.index(field)
            .and_then(|i| self.headers.get(i))
            .map(String::as_str)
            .or_else(|| FIELDS.iter().find(|(f, _)| *f == field).map(|(_, h)| *h))
            .unwrap_or("?")
    }

    pub fn header_at(&self, index: usize) -> &str {
        self.headers.get(index).map(String::as_str).unwrap_or("?")
    }

    /// Left-to-right position of a header, to list a row's errors in column order.
    pub fn position(&self, header: &str) -> Option<usize> {
        self.headers.iter().position(|h| h == header)
    }

    pub fn len(&self) -> usize {
        self.headers.len()
    }
}

/// Meta columns (but CURCY's fixed prices, in [`FIELDS`]), blank headers, [`IGNORED`] ones and "Download N ID" (WooCommerce's internal
/// download hash) carry nothing the shop uses.
fn is_ignored(key: &str) -> bool {
    let download_id = key
        .strip_prefix("download ")
        .and_then(|r| r.strip_suffix(" id"))
        .is_some_and(|n| n.parse::<u32>().is_ok());
    key.is_empty() || key.starts_with("meta:") || IGNORED.contains(&key) || download_id
}

/// "meta:_x" as WooCommerce's exporter writes it, "meta: _x" (either spelling is accepted).
fn meta_spaced(key: &str) -> std::borrow::Cow<'_, str> {
    match key.strip_prefix("meta:") {
        Some(rest) => format!("meta: {}", rest.trim_start()).into(),
        None => key.into(),
    }
}

/// The slot of an "attribute 3 value(s)" or "download 1 url" header, if it is one.
fn numbered_slot<'c>(columns: &'c mut Columns, key: &str) -> Option<&'c mut Option<usize>> {
    let (group, rest) = key
        .strip_prefix("attribute ")
        .map(|r| (true, r))
        .or_else(|| key.strip_prefix("download ").map(|r| (false, r)))?;
    let (number, part) = rest.split_once(' ')?;
    let n: u32 = number.parse().ok()?;
    if group {
        let a = columns.attributes.entry(n).or_default();
        match part {
            "name" => Some(&mut a.name),
            "value(s)" | "values" | "value" => Some(&mut a.values),
            "visible" => Some(&mut a.visible),
            "global" => Some(&mut a.global),
            "default" => Some(&mut a.default),
            _ => None,
        }
    } else {
        let d = columns.downloads.entry(n).or_default();
        match part {
            "name" => Some(&mut d.name),
            "url" => Some(&mut d.url),
            _ => None,
        }
    }
}
