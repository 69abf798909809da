//! Turning a shopper's `attribute_*` map into a checked selection, and the match / preview
//! rules of spec §7 Variations 3–4.

use std::collections::BTreeMap;

use vitrine_domain::catalogue::{Product, Variation, find_matching};

use crate::error::{ApiError, ApiResult};
use crate::views::variation_attributes;

/// Attribute slug → chosen option ("" = not chosen), in the product's own spelling.
pub type Selection = BTreeMap<String, String>;

/// Checks every key names a variation attribute of the product and every non-empty value is
/// one of its options (compared case-insensitively, returned as the product spells it).
pub fn checked_selection(
    product: &Product,
    chosen: &BTreeMap<String, String>,
) -> ApiResult<Selection> {
    let mut selection = Selection::new();
    for (key, value) in chosen {
        let attribute = key
            .strip_prefix("attribute_")
            .and_then(|slug| variation_attributes(product).find(|a| a.slug == slug))
            .ok_or_else(|| {
                ApiError::invalid_attributes(
                    key,
                    format!("{} has no variation attribute `{key}`.", product.name),
                )
            })?;
        let value = value.trim();
        let option = if value.is_empty() {
            String::new()
        } else {
            attribute
                .options
                .iter()
                .find(|o| o.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| {
                    ApiError::invalid_attributes(
                        key,
                        format!("{value:?} is not an option of {}.", attribute.name),
                    )
                })?
        };
        selection.insert(attribute.slug.clone(), option);
    }
    Ok(selection)
}

/// The variation for a complete selection. A partial one (some attribute missing or "")
/// matches nothing: the form resets until every attribute is chosen (spec §4).
pub fn matching_variation<'a>(
    product: &'a Product,
    selection: &Selection,
) -> Option<&'a Variation> {
    let complete = variation_attributes(product)
        .all(|a| selection.get(&a.slug).is_some_and(|v| !v.is_empty()));
    if !complete {
        return None;
    }
    find_matching(product.active_variations(), selection)
}

/// The preview for one chosen attribute: the first enabled variation with that value and an
/// image of its own; variations accepting any value come after exact ones.
pub fn preview_candidate<'a>(
    product: &'a Product,
    slug: &str,
    value: &str,
) -> Option<&'a Variation> {
    if value.is_empty() {
        return None;
    }
    let with_image = || product.active_variations().filter(|v| v.image.is_some());
    with_image()
        .find(|v| v.value_of(slug) == Some(value))
        .or_else(|| with_image().find(|v| v.value_of(slug).is_none_or(str::is_empty)))
}
