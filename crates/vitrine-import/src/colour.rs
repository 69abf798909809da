//! The colour hint of each image URL, so the shop can draw its own artwork offline: from the
//! file name ("hoodie-blue-1.jpg" → blue), else from the colour of a row using the image.

use std::collections::HashMap;

use vitrine_domain::catalogue::colour::{colour_in_text, colour_in_url, is_colour_attribute};

use crate::attributes::RowAttribute;
use crate::row::ProductRow;
use crate::validate::PlannedProduct;

fn colour_attribute(attributes: &[RowAttribute]) -> Option<&RowAttribute> {
    attributes.iter().find(|a| is_colour_attribute(&a.name))
}

/// A row's own colour: a variation's Color value, a product's only Color value, or a colour
/// word in its name.
pub fn row_colour(row: &ProductRow) -> Option<String> {
    let from_attribute = colour_attribute(&row.attributes)
        .filter(|a| a.values.len() == 1)
        .and_then(|a| a.values.first())
        .map(|v| v.trim().to_lowercase());
    from_attribute.or_else(|| colour_in_text(&row.name).map(str::to_owned))
}

/// Colour per image URL across the whole file, so an image shared by several rows gets one
/// colour: the file name wins, then variations (the most specific), then products.
pub fn colour_map(products: &[PlannedProduct]) -> HashMap<String, String> {
    let mut map = HashMap::new();
    let variations = products.iter().flat_map(|p| p.variations.iter());
    let rows = variations.chain(products.iter().map(|p| &p.row));
    for row in rows {
        let colour = row_colour(row);
        for url in &row.images {
            if map.contains_key(url) {
                continue;
            }
            if let Some(c) = colour_in_url(url)
                .map(str::to_owned)
                .or_else(|| colour.clone())
            {
                map.insert(url.clone(), c);
            }
        }
    }
    map
}
