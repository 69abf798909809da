//! Prices inside a stored product document. Documents keep the format every version wrote:
//! each price a bare integer of minor units, plus one `currency` code for the whole document
//! (absent from documents written before it existed: those are in the shop's base currency).
//! The domain's `Money` is made here, on reading, and taken apart here, on writing.

use serde_json::Value;
use vitrine_domain::money::{Currency, write_document};

/// The document's key for the ISO 4217 code of all its prices.
const CURRENCY: &str = "currency";

/// Serializes a product with every `Money` as bare minor units and adds the one currency they
/// share (`base` when the product has no price). Prices in two currencies cannot be stored in
/// this format, so they are refused rather than written wrong.
pub(super) fn to_stored<T: serde::Serialize>(product: &T, base: Currency) -> Result<Value, String> {
    let (document, currency) = write_document(|| serde_json::to_value(product));
    let mut document = document.map_err(|e| e.to_string())?;
    let code = currency.unwrap_or(base).code();
    let object = document.as_object_mut().ok_or("not a JSON object")?;
    object.insert(CURRENCY.to_owned(), code.into());
    Ok(document)
}

/// The currency of a stored document's prices: its `currency` key, or `base` for a document
/// written before documents had one. Only that key is read; the rest of the text is skipped.
pub(super) fn document_currency(document: &str, base: Currency) -> Result<Currency, String> {
    #[derive(serde::Deserialize)]
    struct Head {
        currency: Option<Value>,
    }
    let head: Head = serde_json::from_str(document).map_err(|e| e.to_string())?;
    match head.currency {
        None => Ok(base),
        Some(Value::String(code)) => code.parse().map_err(|e| format!("{CURRENCY}: {e}")),
        Some(other) => Err(format!("{CURRENCY}: {other} is not a currency code")),
    }
}
