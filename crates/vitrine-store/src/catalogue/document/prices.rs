//! Prices inside a stored product document. Documents keep the format every version wrote:
//! each price a bare integer of minor units, plus one `currency` code for the whole document
//! (absent from documents written before it existed: those are in the shop's base currency).
//! The domain's `Money` is made here, on reading, and taken apart here, on writing.

use serde_json::Value;
use vitrine_domain::money::{Currency, Money};

/// The document's key for the ISO 4217 code of all its prices.
const CURRENCY: &str = "currency";

/// JSON pointers to every price a product document can hold.
fn price_pointers(document: &Value) -> Vec<String> {
    let count = |pointer: &str| {
        document
            .pointer(pointer)
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    let mut pointers: Vec<String> = ["/pricing/regular", "/pricing/sale", "/bundle/base_price"]
        .map(String::from)
        .into();
    for i in 0..count("/variations") {
        pointers.push(format!("/variations/{i}/pricing/regular"));
        pointers.push(format!("/variations/{i}/pricing/sale"));
    }
    for i in 0..count("/bundle/items") {
        pointers.push(format!("/bundle/items/{i}/price"));
    }
    pointers
}

/// Turns a serialized product's `Money` values into minor units and adds the one currency
/// they share (`base` when the product has no price). Prices in two currencies cannot be
/// stored in this format, so they are refused rather than written wrong.
pub(super) fn to_stored(document: &mut Value, base: Currency) -> Result<(), String> {
    let mut currency = None;
    for pointer in price_pointers(document) {
        let Some(slot) = document.pointer_mut(&pointer).filter(|v| !v.is_null()) else {
            continue;
        };
        let money: Money =
            serde_json::from_value(slot.take()).map_err(|e| format!("{pointer}: {e}"))?;
        match currency {
            Some(c) if c != money.currency() => {
                return Err(format!("prices in both {c} and {}", money.currency()));
            }
            _ => currency = Some(money.currency()),
        }
        *slot = money.amount_minor().into();
    }
    let code = currency.unwrap_or(base).code();
    let object = document.as_object_mut().ok_or("not a JSON object")?;
    object.insert(CURRENCY.to_owned(), code.into());
    Ok(())
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
