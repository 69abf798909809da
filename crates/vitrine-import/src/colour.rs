//! The colour hint of each image URL, so the shop can draw its own artwork offline: from the
//! file name ("hoodie-blue-1.jpg" → blue), else from the colour of a row using the image.

use std::collections::HashMap;

use crate::row::{ProductRow, RowAttribute};
use crate::validate::PlannedProduct;

const COLOURS: [&str; 22] = [
    "red", "green", "blue", "yellow", "gray", "grey", "black", "white", "pink", "purple", "orange",
    "brown", "navy", "beige", "teal", "olive", "maroon", "silver", "gold", "cyan", "magenta",
    "violet",
];

/// The first colour word of a text ("V-Neck T-Shirt - Red" → red); grey is spelt gray.
pub fn colour_in_text(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .find(|w| COLOURS.contains(&w.as_str()))
        .map(|w| if w == "grey" { "gray".into() } else { w })
}

/// The colour named in an image's file name, ignoring the folders and any query.
pub fn colour_in_url(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    colour_in_text(stem)
}

pub fn is_colour_attribute(name: &str) -> bool {
    let name = name.trim().to_ascii_lowercase();
    matches!(name.as_str(), "color" | "colour" | "pa_color" | "pa_colour")
}

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
    from_attribute.or_else(|| colour_in_text(&row.name))
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
            if let Some(c) = colour_in_url(url).or_else(|| colour.clone()) {
                map.insert(url.clone(), c);
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_words_in_file_names_give_the_colour() {
        let base = "https://example.com/wp-content/uploads/2017/12/";
        assert_eq!(
            colour_in_url(&format!("{base}hoodie-blue-1.jpg")).as_deref(),
            Some("blue")
        );
        assert_eq!(
            colour_in_url(&format!("{base}vnech-tee-green-1.jpg")).as_deref(),
            Some("green")
        );
        assert_eq!(
            colour_in_url(&format!("{base}beanie-grey.png?v=2")).as_deref(),
            Some("gray")
        );
        assert_eq!(
            colour_in_url(&format!("{base}hoodie-with-logo-2.jpg")),
            None
        );
    }

    #[test]
    fn a_folder_named_like_a_colour_does_not_colour_the_image() {
        assert_eq!(colour_in_url("https://example.com/red/hoodie-2.jpg"), None);
    }

    #[test]
    fn colour_words_in_names_are_found_case_insensitively() {
        assert_eq!(
            colour_in_text("V-Neck T-Shirt - Red").as_deref(),
            Some("red")
        );
        assert_eq!(colour_in_text("Hoodie with Logo"), None);
        assert!(is_colour_attribute("Colour") && is_colour_attribute("Color"));
    }
}
