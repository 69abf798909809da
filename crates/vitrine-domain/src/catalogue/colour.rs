//! Colour words: which attribute holds colours, the colour a name or image file names, and the
//! hex a swatch or drawing uses for each word. The one list the importer, swatches and artwork share.

/// Each colour word with its hex (WooCommerce's demo palette where it has one, CSS otherwise).
/// "grey" is a spelling of "gray", the name the shop uses.
const COLOURS: [(&str, &str); 22] = [
    ("red", "#dd3333"),
    ("green", "#81d742"),
    ("blue", "#1e73be"),
    ("yellow", "#eeee22"),
    ("gray", "#8f8f8f"),
    ("black", "#222222"),
    ("white", "#f7f7f7"),
    ("pink", "#f49ac1"),
    ("purple", "#8224e3"),
    ("orange", "#f28c28"),
    ("brown", "#8b5a2b"),
    ("navy", "#1f2a55"),
    ("beige", "#e8dcc0"),
    ("teal", "#008080"),
    ("olive", "#808000"),
    ("maroon", "#800000"),
    ("silver", "#c0c0c0"),
    ("gold", "#ffd700"),
    ("cyan", "#00ffff"),
    ("magenta", "#ff00ff"),
    ("violet", "#ee82ee"),
    ("grey", "#8f8f8f"),
];

/// Whether an attribute (by name or slug) holds colours: Color or Colour, as a custom
/// attribute or a global one (`pa_color`), in any case.
pub fn is_colour_attribute(name: &str) -> bool {
    let name = name.trim().to_ascii_lowercase();
    let bare = name.strip_prefix("pa_").unwrap_or(&name);
    matches!(bare, "color" | "colour")
}

/// The colour a word names, as the shop spells it ("Grey" → gray).
pub fn colour_word(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    match word.as_str() {
        "grey" => Some("gray"),
        w => COLOURS
            .iter()
            .map(|(name, _)| *name)
            .find(|name| *name == w),
    }
}

/// The hex of a colour word ("Blue" → `#1e73be`).
pub fn colour_hex(word: &str) -> Option<&'static str> {
    let word = word.trim().to_lowercase();
    COLOURS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, hex)| *hex)
}

/// The first colour word of a text ("V-Neck T-Shirt - Red" → red).
pub fn colour_in_text(text: &str) -> Option<&'static str> {
    text.split(|c: char| !c.is_alphanumeric())
        .find_map(colour_word)
}

/// The colour named in an image's file name, ignoring the folders and any query.
pub fn colour_in_url(url: &str) -> Option<&'static str> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    colour_in_text(stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_words_in_file_names_give_the_colour() {
        let base = "https://example.com/wp-content/uploads/2017/12/";
        assert_eq!(
            colour_in_url(&format!("{base}hoodie-blue-1.jpg")),
            Some("blue")
        );
        assert_eq!(
            colour_in_url(&format!("{base}vnech-tee-green-1.jpg")),
            Some("green")
        );
        assert_eq!(
            colour_in_url(&format!("{base}beanie-grey.png?v=2")),
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
        assert_eq!(colour_in_text("V-Neck T-Shirt - Red"), Some("red"));
        assert_eq!(colour_in_text("Hoodie with Logo"), None);
        assert!(is_colour_attribute("Colour") && is_colour_attribute("Color"));
    }

    #[test]
    fn global_colour_attributes_count_as_colour_attributes_and_sizes_do_not() {
        assert!(is_colour_attribute("pa_color") && is_colour_attribute(" PA_Colour "));
        assert!(!is_colour_attribute("size") && !is_colour_attribute("pa_size"));
    }

    #[test]
    fn every_colour_word_has_a_hex_and_grey_is_gray() {
        for (name, _) in COLOURS {
            let hex = colour_hex(name).unwrap_or_default();
            assert!(hex.len() == 7 && hex.starts_with('#'), "{name}: {hex:?}");
        }
        assert_eq!(colour_word("Grey"), Some("gray"));
        assert_eq!(colour_hex("Grey"), colour_hex("gray"));
        assert_eq!(colour_hex("plaid"), None);
    }
}
