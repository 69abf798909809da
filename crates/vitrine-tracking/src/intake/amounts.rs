//! Bounds on what an event claims about money and quantities: a browser can write anything in
//! `custom_data`, and the ad platforms read `value`, item prices and quantities as revenue.

use serde_json::{Map, Number, Value};
use vitrine_domain::money::Currency;

use super::{InvalidEvent, invalid};

/// Largest quantity of one item in `contents` / `items` (a cart line far beyond any shop's).
pub const MAX_ITEM_QUANTITY: u64 = 10_000;
/// Longest `contents` / `items` list.
pub const MAX_ITEMS: usize = 200;
/// Top-level amounts in the event's currency (Meta's `value` and `predicted_ltv`).
const AMOUNT_KEYS: [&str; 2] = ["value", "predicted_ltv"];
/// Lists of items whose `item_price` / `price` and `quantity` are bounded.
const ITEM_LISTS: [&str; 2] = ["contents", "items"];

/// Checks and normalises the amounts of `data` in place: every amount a finite number from 0
/// to `max_value` (a numeric string is read as its number), `currency` an ISO 4217 code in
/// upper case and present with a value, item quantities whole numbers up to
/// [`MAX_ITEM_QUANTITY`].
pub(super) fn check_amounts(
    data: &mut Map<String, Value>,
    max_value: f64,
) -> Result<(), InvalidEvent> {
    for key in AMOUNT_KEYS {
        if let Some(raw) = data.get(key) {
            let amount = amount(raw, max_value).ok_or_else(|| out_of_range(key, max_value))?;
            data.insert(key.into(), amount);
        }
    }
    if let Some(raw) = data.get("currency") {
        let currency: Currency = raw
            .as_str()
            .and_then(|c| c.parse().ok())
            .ok_or_else(|| invalid("custom_data.currency", "must be an ISO 4217 code"))?;
        data.insert("currency".into(), Value::String(currency.code().to_owned()));
    }
    if data.contains_key("value") && !data.contains_key("currency") {
        return Err(invalid("custom_data.currency", "is required with a value"));
    }
    if let Some(raw) = data.get("num_items") {
        let most = MAX_ITEM_QUANTITY.saturating_mul(MAX_ITEMS as u64);
        if !whole_up_to(raw, most) {
            return Err(invalid(
                "custom_data.num_items",
                format!("must be a whole number from 0 to {most}"),
            ));
        }
    }
    for list in ITEM_LISTS {
        if let Some(items) = data.get_mut(list) {
            check_items(list, items, max_value)?;
        }
    }
    Ok(())
}

fn check_items(list: &'static str, items: &mut Value, max_value: f64) -> Result<(), InvalidEvent> {
    let field = if list == "contents" {
        "custom_data.contents"
    } else {
        "custom_data.items"
    };
    let items = match items.as_array_mut() {
        Some(items) if items.len() <= MAX_ITEMS => items,
        _ => {
            return Err(invalid(
                field,
                format!("must be a list of at most {MAX_ITEMS}"),
            ));
        }
    };
    for item in items {
        let item = item
            .as_object_mut()
            .ok_or_else(|| invalid(field, "must hold objects"))?;
        let quantity = item.get("quantity");
        if quantity.is_some_and(|q| !whole_up_to(q, MAX_ITEM_QUANTITY)) {
            return Err(invalid(
                field,
                format!("quantity must be a whole number from 0 to {MAX_ITEM_QUANTITY}"),
            ));
        }
        for key in ["item_price", "price"] {
            if let Some(raw) = item.get(key) {
                let price = amount(raw, max_value).ok_or_else(|| {
                    invalid(
                        field,
                        format!("{key} must be a number from 0 to {max_value}"),
                    )
                })?;
                item.insert(key.into(), price);
            }
        }
    }
    Ok(())
}

/// A JSON whole number from 0 to `most` (not `2.0`, not `"2"`).
fn whole_up_to(raw: &Value, most: u64) -> bool {
    raw.as_u64().is_some_and(|n| n <= most)
}

/// A finite amount from 0 to `max_value`, as a JSON number.
fn amount(raw: &Value, max_value: f64) -> Option<Value> {
    match raw {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }
    .filter(|v| v.is_finite() && *v >= 0.0 && *v <= max_value)
    .and_then(Number::from_f64)
    .map(Value::Number)
}

fn out_of_range(key: &str, max_value: f64) -> InvalidEvent {
    let field = if key == "value" {
        "custom_data.value"
    } else {
        "custom_data.predicted_ltv"
    };
    invalid(field, format!("must be a number from 0 to {max_value}"))
}
