//! Parsers for list cells: comma lists, category paths, product references, the Type list
//! and the bundle column.

use vitrine_domain::catalogue::ProductKind;
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::rich_text::plain_text;

use crate::fields::parse_price;

/// WooCommerce's comma list: `a, b\, with comma, c` → `["a", "b, with comma", "c"]`.
pub fn split_list(cell: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut current = String::new();
    let mut chars = cell.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&',') => {
                current.push(',');
                chars.next();
            }
            ',' => items.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    items.push(current);
    items
        .into_iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A comma list of names or labels (tags, attribute values): each one as plain text, the
/// ones left without any dropped.
pub fn split_text_list(cell: &str) -> Vec<String> {
    split_list(cell)
        .iter()
        .map(|item| plain_text(item))
        .filter(|item| !item.is_empty())
        .collect()
}

/// "Clothing > Tshirts, Music" → `[["Clothing", "Tshirts"], ["Music"]]`. The path is split
/// first, as WooCommerce does, then each name is taken as plain text.
pub fn parse_category_paths(cell: &str) -> Result<Vec<Vec<String>>, String> {
    split_list(cell)
        .into_iter()
        .map(|path| {
            let segments: Vec<String> = path.split('>').map(plain_text).collect();
            if segments.iter().any(String::is_empty) {
                Err(format!("{path:?} has a category name without text"))
            } else {
                Ok(segments)
            }
        })
        .collect()
}

/// How one row points at another product: `id:45` or a SKU.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reference {
    Id(i64),
    Sku(String),
}

impl std::fmt::Display for Reference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Id(id) => write!(f, "id:{id}"),
            Self::Sku(sku) => write!(f, "{sku}"),
        }
    }
}

pub fn parse_reference(text: &str) -> Result<Reference, String> {
    let text = text.trim();
    match text.strip_prefix("id:") {
        Some(id) => id
            .trim()
            .parse()
            .map(Reference::Id)
            .map_err(|_| format!("{text:?} is not id:<number> or a SKU")),
        None => Ok(Reference::Sku(text.to_owned())),
    }
}

pub fn parse_references(cell: &str) -> Result<Vec<Reference>, String> {
    split_list(cell)
        .iter()
        .map(|r| parse_reference(r))
        .collect()
}

/// What the Type cell says: one primary type plus the downloadable/virtual flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeSpec {
    /// `None` for a variation.
    pub kind: Option<ProductKind>,
    pub downloadable: bool,
    pub is_virtual: bool,
}

impl TypeSpec {
    pub fn is_variation(&self) -> bool {
        self.kind.is_none()
    }
}

/// `simple, downloadable, virtual` and the like.
pub fn parse_types(cell: &str) -> Result<TypeSpec, String> {
    let mut primary: Option<Option<ProductKind>> = None;
    let (mut downloadable, mut is_virtual) = (false, false);
    for token in split_list(cell) {
        let kind = match token.to_ascii_lowercase().as_str() {
            "downloadable" => {
                downloadable = true;
                continue;
            }
            "virtual" => {
                is_virtual = true;
                continue;
            }
            "simple" => Some(ProductKind::Simple),
            "variable" => Some(ProductKind::Variable),
            "grouped" => Some(ProductKind::Grouped),
            "external" => Some(ProductKind::External),
            "bundle" => Some(ProductKind::Bundle),
            "variation" => None,
            _ => {
                return Err(format!(
                    "unknown type {token:?} (simple, variable, variation, grouped, external, \
                     bundle, downloadable, virtual)"
                ));
            }
        };
        if primary.is_some_and(|p| p != kind) {
            return Err(format!("{cell:?} names more than one product type"));
        }
        primary = Some(kind);
    }
    match primary {
        Some(kind) => Ok(TypeSpec {
            kind,
            downloadable,
            is_virtual,
        }),
        None if cell.trim().is_empty() => Err("a type is required".into()),
        None => Err(format!("{cell:?} names no product type")),
    }
}

/// One entry of the "Bundled items" column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundledRef {
    pub item: Reference,
    pub quantity: u32,
    /// Per unit inside the bundle.
    pub price: Money,
}

/// `woo-hoodie-with-logo×1@40.00, woo-beanie x 1@16.00` (× or x; the quantity defaults to 1).
pub fn parse_bundled_items(cell: &str, currency: Currency) -> Result<Vec<BundledRef>, String> {
    split_list(cell)
        .iter()
        .map(|entry| parse_bundled_item(entry, currency))
        .collect()
}

fn parse_bundled_item(entry: &str, currency: Currency) -> Result<BundledRef, String> {
    let shape = || format!("{entry:?} is not SKU×quantity@price");
    let (left, price) = entry.rsplit_once('@').ok_or_else(shape)?;
    let price = parse_price(price, currency)?.ok_or_else(shape)?;
    let (item, quantity) = split_quantity(left.trim());
    let quantity = match quantity {
        None => 1,
        Some(q) => q
            .parse::<u32>()
            .ok()
            .filter(|q| *q > 0)
            .ok_or_else(|| format!("{entry:?} has a quantity that is not a positive number"))?,
    };
    if item.is_empty() {
        return Err(shape());
    }
    Ok(BundledRef {
        item: parse_reference(item)?,
        quantity,
        price,
    })
}

/// Splits `sku×2` / `sku x 2` at the last ×/x followed only by digits; a SKU may contain x.
fn split_quantity(text: &str) -> (&str, Option<&str>) {
    for (at, c) in text.char_indices().rev() {
        if matches!(c, '×' | 'x' | 'X') {
            let digits = text[at + c.len_utf8()..].trim();
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                return (text[..at].trim(), Some(digits));
            }
        }
    }
    (text, None)
}

#[cfg(test)]
#[path = "lists_tests.rs"]
mod tests;
