//! Composes one artwork: soft background, product silhouette in the image's colour, name.

use vitrine_domain::catalogue::Image;
use vitrine_domain::catalogue::colour::{colour_hex, colour_in_url};

use super::shapes::{Palette, Silhouette};
use crate::html::escape;

/// What the artwork depicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject {
    pub product_name: String,
    /// `#rrggbb`.
    pub colour: String,
    pub silhouette: Silhouette,
    /// Drawn on garments whose name mentions a logo.
    pub logo: bool,
    pub zipper: bool,
}

const NEUTRAL: &str = "#9a8f84";

impl Subject {
    pub fn new(product_name: &str, image: &Image) -> Self {
        let lower = product_name.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let colour = image
            .colour
            .as_deref()
            .and_then(css_colour)
            .or_else(|| {
                colour_in_url(&image.source_url)
                    .and_then(colour_hex)
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| NEUTRAL.to_owned());
        Self {
            product_name: product_name.to_owned(),
            colour,
            silhouette: Silhouette::for_words(&words),
            logo: words.contains(&"logo"),
            zipper: words.contains(&"zipper"),
        }
    }
}

/// A colour name or hex code as `#rrggbb`.
fn css_colour(value: &str) -> Option<String> {
    let v = value.trim();
    if v.len() == 7 && v.starts_with('#') && v[1..].chars().all(|c| c.is_ascii_hexdigit()) {
        return Some(v.to_ascii_lowercase());
    }
    colour_hex(v).map(str::to_owned)
}

/// The SVG for a subject at a width (square artwork).
pub fn render_svg(subject: &Subject, width: u32) -> String {
    let palette = Palette::from_hex(&subject.colour);
    let name = escape(&subject.product_name);
    let mut body = subject.silhouette.draw(&palette);
    if subject.zipper && subject.silhouette.is_garment() {
        body.push_str(&format!(
            "<path d=\"M300 168 L300 478\" stroke=\"{}\" stroke-width=\"5\" stroke-dasharray=\"8 5\"/>",
            palette.dark
        ));
    }
    if subject.logo && subject.silhouette.has_logo_spot() {
        body.push_str(&format!(
            "<circle cx=\"300\" cy=\"300\" r=\"42\" fill=\"{}\" opacity=\"0.92\"/>\
             <path d=\"M272 286 L286 318 L300 292 L314 318 L328 286\" fill=\"none\" stroke=\"{}\" \
             stroke-width=\"7\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>",
            palette.light, palette.dark
        ));
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 600 600\" width=\"{width}\" \
         height=\"{width}\" role=\"img\" aria-label=\"{name}\"><title>{name}</title>\
         <rect width=\"600\" height=\"600\" fill=\"{bg}\"/>\
         <ellipse cx=\"300\" cy=\"505\" rx=\"190\" ry=\"16\" fill=\"#000\" opacity=\"0.06\"/>\
         {body}<text x=\"300\" y=\"566\" text-anchor=\"middle\" font-family=\"system-ui, \
         -apple-system, 'Segoe UI', sans-serif\" font-size=\"26\" fill=\"#5b5550\">{name}</text>\
         </svg>",
        bg = palette.background,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use vitrine_domain::catalogue::ImageId;

    fn image(colour: Option<&str>, url: &str) -> Image {
        Image {
            id: ImageId(1),
            source_url: url.into(),
            alt: String::new(),
            title: String::new(),
            caption: String::new(),
            colour: colour.map(Into::into),
        }
    }

    #[test]
    fn a_blue_hoodie_is_drawn_as_a_blue_hoodie() {
        let subject = Subject::new("Hoodie", &image(Some("Blue"), ""));
        assert_eq!(subject.silhouette, Silhouette::Hoodie);
        let svg = render_svg(&subject, 300);
        assert!(svg.contains("#1e73be"));
        assert!(svg.contains("width=\"300\""));
        assert!(svg.contains(">Hoodie</text>"));
    }

    #[test]
    fn the_colour_falls_back_to_the_file_name_then_a_neutral() {
        let from_url = Subject::new("V-Neck", &image(None, "https://x/vnech-tee-green-1.jpg"));
        assert_eq!(from_url.colour, "#81d742");
        assert_eq!(Subject::new("Belt", &image(None, "")).colour, NEUTRAL);
    }

    #[test]
    fn names_are_escaped_in_the_svg() {
        let subject = Subject::new("<script>", &image(None, ""));
        let svg = render_svg(&subject, 100);
        assert!(!svg.contains("<script>"));
    }
}
