//! A variation's attribute choices, keyed by the slugs its parent's attributes get.

use vitrine_domain::catalogue::{AttributeSelection, slugify};

use crate::row::ProductRow;

/// The form-key slug of an attribute ("Color" → `color`); `attribute-N` if nothing is left.
pub fn attribute_slug(name: &str, position: usize) -> String {
    slugify(name).map_or_else(|| format!("attribute-{}", position + 1), String::from)
}

/// A variation's choice for every attribute of its parent, in the parent's order and spelling;
/// an attribute the row leaves empty or out means "any".
pub fn selections(parent: &ProductRow, variation: &ProductRow) -> Vec<AttributeSelection> {
    parent
        .attributes
        .iter()
        .enumerate()
        .map(|(i, own)| {
            let chosen = variation
                .attributes
                .iter()
                .find(|a| a.name.eq_ignore_ascii_case(&own.name))
                .and_then(|a| a.values.first());
            let value = chosen.map(|c| {
                own.values
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(c))
                    .unwrap_or(c)
                    .clone()
            });
            AttributeSelection {
                attribute: attribute_slug(&own.name, i),
                value,
            }
        })
        .collect()
}
