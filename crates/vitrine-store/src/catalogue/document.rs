//! A product as stored: its JSON document plus the index columns derived from it.

mod prices;

use sqlx::Row;
use sqlx::any::AnyRow;
use time::OffsetDateTime;
use vitrine_domain::catalogue::{CatalogVisibility, Product, ProductKind, ProductStatus};
use vitrine_domain::money::{Currency, with_document_currency};

use crate::error::{StoreResult, backend, corrupt, db_error};

/// The `products` row of one product. `sort_price` is the lowest active price when written,
/// so a scheduled sale re-sorts the product only when it is next written.
pub(crate) struct ProductRow {
    pub id: i64,
    pub slug: String,
    pub sku: Option<String>,
    pub kind: &'static str,
    pub status: &'static str,
    pub visibility: &'static str,
    pub featured: i64,
    pub name: String,
    pub sort_name: String,
    pub menu_order: i64,
    pub sort_price: Option<i64>,
    pub created_at: i64,
    pub search_text: String,
    pub document: String,
}

impl ProductRow {
    pub(crate) fn new(product: &Product, document: String, sort_price: Option<i64>) -> Self {
        Self {
            id: product.id.0,
            slug: product.slug.as_str().to_owned(),
            sku: clean_sku(product.sku.as_deref()),
            kind: kind_str(product.kind),
            status: status_str(product.status),
            visibility: product.visibility.as_str(),
            featured: i64::from(product.featured),
            name: product.name.clone(),
            sort_name: product.name.to_lowercase(),
            menu_order: product.menu_order,
            sort_price,
            created_at: product.created_at.unix_timestamp(),
            search_text: search_text(product),
            document,
        }
    }
}

/// The JSON document stored for a product; comparing two of them tells whether it changed.
/// Prices are minor units in the document's currency (see `prices`); `base` is the shop's
/// currency, recorded for a product without prices.
pub(crate) fn encode(product: &Product, base: Currency) -> StoreResult<String> {
    let cannot =
        |e: &dyn std::fmt::Display| backend(format!("cannot encode product {}: {e}", product.id));
    let document = prices::to_stored(product, base).map_err(|e| cannot(&e))?;
    Ok(document.to_string())
}

/// Reads a product from a row holding `id` and `document`; prices of a document without a
/// currency (written by earlier versions) are in `base`, the shop's currency.
pub(crate) fn decode_row(row: &AnyRow, base: Currency) -> StoreResult<Product> {
    let id: i64 = row.try_get("id").map_err(db_error)?;
    let document: String = row.try_get("document").map_err(db_error)?;
    decode(&document, base).map_err(|e| corrupt(format_args!("product {id}"), e))
}

/// [`decode_row`] for a row read in place (ADR 0041): the document decoded where SQLite holds
/// it.
pub(crate) fn decode_sqlite_row(row: &rusqlite::Row<'_>, base: Currency) -> StoreResult<Product> {
    let id: i64 = row.get(0).map_err(crate::db::sqlite_error)?;
    let document = row
        .get_ref(1)
        .and_then(|value| value.as_str().map_err(Into::into))
        .map_err(crate::db::sqlite_error)?;
    decode(document, base).map_err(|e| corrupt(format_args!("product {id}"), e))
}

fn decode(document: &str, base: Currency) -> Result<Product, String> {
    let currency = prices::document_currency(document, base)?;
    with_document_currency(currency, || serde_json::from_str(document)).map_err(|e| e.to_string())
}

/// SKUs are optional and blank means none; unique constraints must only see real ones.
pub(crate) fn clean_sku(sku: Option<&str>) -> Option<String> {
    sku.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// What a shopper's search is matched against: name, SKUs and descriptions, lowercased here
/// (Unicode-aware, unlike SQLite's `lower`) so both databases match the same way.
fn search_text(product: &Product) -> String {
    let variation_skus = product.variations.iter().filter_map(|v| v.sku.as_deref());
    [product.name.as_str()]
        .into_iter()
        .chain(product.sku.as_deref())
        .chain(variation_skus)
        .chain([
            without_tags(&product.short_description).as_str(),
            without_tags(&product.description).as_str(),
        ])
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase()
}

/// Descriptions are HTML; searching "strong" must not match every formatted description.
/// A tag becomes a space, so words on either side of `<br>` stay apart.
fn without_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

pub(crate) fn status_str(status: ProductStatus) -> &'static str {
    match status {
        ProductStatus::Publish => "publish",
        ProductStatus::Private => "private",
        ProductStatus::Draft => "draft",
    }
}

fn kind_str(kind: ProductKind) -> &'static str {
    match kind {
        ProductKind::Simple => "simple",
        ProductKind::Variable => "variable",
        ProductKind::Grouped => "grouped",
        ProductKind::External => "external",
        ProductKind::Bundle => "bundle",
    }
}

/// Visibilities a listing shows: the catalogue ones, or the search ones (domain rules).
pub(crate) fn visibilities(search: bool) -> impl Iterator<Item = &'static str> {
    [
        CatalogVisibility::Visible,
        CatalogVisibility::Catalog,
        CatalogVisibility::Search,
        CatalogVisibility::Hidden,
    ]
    .into_iter()
    .filter(move |v| {
        if search {
            v.in_search()
        } else {
            v.in_listings()
        }
    })
    .map(CatalogVisibility::as_str)
}

/// Seconds since the epoch, the storage form of every `*_at` column.
pub(crate) fn unix_now() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::fixtures::{
        bundle_product, hoodie, on_sale, simple_product, variable_product,
    };

    #[test]
    fn search_text_holds_lowercased_words_but_no_markup() {
        let mut tee = variable_product(1, "Vneck Tee", &[(2, 1500)]);
        tee.sku = Some("TEE".into());
        tee.variations[0].sku = Some("TEE-S".into());
        tee.short_description = "<p><strong>Soft</strong> Cotton<br/>tee</p>".into();
        let text = search_text(&tee);
        for word in ["vneck tee", "tee-s", "soft", "cotton", "tee"] {
            assert!(text.contains(word), "{word:?} missing from {text:?}");
        }
        assert!(!text.contains("strong") && !text.contains("<p"), "{text:?}");
    }

    #[test]
    fn blank_skus_are_no_skus() {
        assert_eq!(clean_sku(Some("  ")), None);
        assert_eq!(clean_sku(Some(" CAP ")).as_deref(), Some("CAP"));
        let mut cap = simple_product(1, "Cap", 100);
        cap.sku = Some(String::new());
        assert_eq!(ProductRow::new(&cap, String::new(), None).sku, None);
    }

    #[test]
    fn every_price_round_trips_through_the_document() {
        let mut bundle = bundle_product(95, "Bundle", 500, &[(48, 2, 1800)]);
        bundle.pricing = on_sale(1000, 900);
        for product in [hoodie(), bundle] {
            for base in [Currency::USD, Currency::EUR] {
                let document = encode(&product, base).expect("encodes");
                assert!(!document.contains("amount_minor"), "{document}");
                assert_eq!(decode(&document, base), Ok(product.clone()));
            }
        }
    }

    #[test]
    fn a_product_without_prices_records_the_base_currency() {
        let mut grouped = simple_product(87, "Logo Collection", 0);
        grouped.pricing = Default::default();
        let document = encode(&grouped, Currency::EUR).expect("encodes");
        assert!(document.contains("\"currency\":\"EUR\""), "{document}");
    }

    #[test]
    fn a_currency_that_is_not_a_code_is_corrupt_data() {
        let document = encode(&simple_product(1, "Cap", 100), Currency::USD).expect("encodes");
        let odd = document.replace("\"currency\":\"USD\"", "\"currency\":\"XYZ\"");
        assert!(decode(&odd, Currency::USD).is_err());
    }
}
