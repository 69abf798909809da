//! Product silhouettes on a 600 × 600 canvas and the palette they are painted with.

/// The kind of thing an artwork shows, chosen from the product name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silhouette {
    Hoodie,
    LongSleeve,
    Polo,
    TShirt,
    Cap,
    Beanie,
    Belt,
    Sunglasses,
    Vinyl,
    Cd,
    Pennant,
    Box,
}

/// Fill, outline, highlight and background derived from one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette {
    pub fill: String,
    pub dark: String,
    pub light: String,
    pub background: String,
}

impl Palette {
    pub fn from_hex(hex: &str) -> Self {
        let rgb = parse_hex(hex).unwrap_or((154, 143, 132));
        Self {
            fill: to_hex(rgb),
            dark: to_hex(mix(rgb, (20, 20, 24), 0.35)),
            light: to_hex(mix(rgb, (255, 255, 255), 0.8)),
            background: to_hex(mix(rgb, (246, 243, 238), 0.88)),
        }
    }
}

fn parse_hex(hex: &str) -> Option<(u8, u8, u8)> {
    let h = hex.strip_prefix('#')?;
    let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok();
    Some((byte(0)?, byte(2)?, byte(4)?))
}

fn to_hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `a` moved towards `b` by `t` (0 = a, 1 = b).
fn mix(a: (u8, u8, u8), b: (u8, u8, u8), t: f32) -> (u8, u8, u8) {
    let ch = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    (ch(a.0, b.0), ch(a.1, b.1), ch(a.2, b.2))
}

const TEE: &str = "M215 120 L160 140 L95 200 L135 265 L180 235 L180 480 L420 480 L420 235 \
    L465 265 L505 200 L440 140 L385 120 Q300 178 215 120 Z";
const LONG_SLEEVE: &str = "M215 120 L160 140 L122 205 L92 425 L142 435 L180 270 L180 480 \
    L420 480 L420 270 L458 435 L508 425 L478 205 L440 140 L385 120 Q300 178 215 120 Z";

impl Silhouette {
    /// Picks a silhouette from the lowercase words of a product name.
    pub fn for_words(words: &[&str]) -> Self {
        let has = |w: &str| words.contains(&w);
        if has("hoodie") {
            Self::Hoodie
        } else if has("long") && has("sleeve") {
            Self::LongSleeve
        } else if has("polo") {
            Self::Polo
        } else if has("shirt") || has("tee") || has("tshirt") {
            Self::TShirt
        } else if has("cap") {
            Self::Cap
        } else if has("beanie") {
            Self::Beanie
        } else if has("belt") {
            Self::Belt
        } else if has("sunglasses") {
            Self::Sunglasses
        } else if has("album") || has("vinyl") {
            Self::Vinyl
        } else if has("single") || has("cd") {
            Self::Cd
        } else if has("pennant") {
            Self::Pennant
        } else {
            Self::Box
        }
    }

    pub fn is_garment(self) -> bool {
        matches!(
            self,
            Self::Hoodie | Self::LongSleeve | Self::Polo | Self::TShirt
        )
    }

    pub fn has_logo_spot(self) -> bool {
        self.is_garment() || matches!(self, Self::Cap | Self::Beanie)
    }

    /// The silhouette's SVG elements.
    pub fn draw(self, p: &Palette) -> String {
        let (fill, dark, light) = (&p.fill, &p.dark, &p.light);
        let outline = format!("stroke=\"{dark}\" stroke-width=\"6\" stroke-linejoin=\"round\"");
        match self {
            Self::TShirt => format!("<path d=\"{TEE}\" fill=\"{fill}\" {outline}/>"),
            Self::Polo => format!(
                "<path d=\"{TEE}\" fill=\"{fill}\" {outline}/>\
                 <path d=\"M228 124 L300 176 L372 124 L352 150 L300 198 L248 150 Z\" \
                 fill=\"{light}\" {outline}/>\
                 <path d=\"M300 198 L300 262\" stroke=\"{dark}\" stroke-width=\"5\"/>\
                 <circle cx=\"300\" cy=\"222\" r=\"5\" fill=\"{dark}\"/>\
                 <circle cx=\"300\" cy=\"246\" r=\"5\" fill=\"{dark}\"/>"
            ),
            Self::LongSleeve => format!("<path d=\"{LONG_SLEEVE}\" fill=\"{fill}\" {outline}/>"),
            Self::Hoodie => format!(
                "<path d=\"{LONG_SLEEVE}\" fill=\"{fill}\" {outline}/>\
                 <path d=\"M212 140 C205 55 395 55 388 140 Q300 205 212 140 Z\" fill=\"{fill}\" \
                 {outline}/><path d=\"M240 138 C240 92 360 92 360 138 Q300 178 240 138 Z\" \
                 fill=\"{dark}\" opacity=\"0.55\"/>\
                 <path d=\"M280 168 L276 232 M320 168 L324 232\" stroke=\"{light}\" \
                 stroke-width=\"5\" stroke-linecap=\"round\"/>\
                 <path d=\"M228 382 L372 382 L392 452 L208 452 Z\" fill=\"none\" {outline}/>"
            ),
            Self::Cap => format!(
                "<path d=\"M165 360 C165 190 435 190 435 360 Z\" fill=\"{fill}\" {outline}/>\
                 <path d=\"M150 360 L470 360 Q548 366 522 400 L150 400 Q138 380 150 360 Z\" \
                 fill=\"{fill}\" {outline}/>\
                 <path d=\"M300 210 L300 360\" stroke=\"{dark}\" stroke-width=\"4\" opacity=\"0.5\"/>\
                 <circle cx=\"300\" cy=\"212\" r=\"12\" fill=\"{dark}\"/>"
            ),
            Self::Beanie => format!(
                "<circle cx=\"300\" cy=\"182\" r=\"38\" fill=\"{light}\" {outline}/>\
                 <path d=\"M172 392 C172 188 428 188 428 392 Z\" fill=\"{fill}\" {outline}/>\
                 <rect x=\"156\" y=\"380\" width=\"288\" height=\"86\" rx=\"14\" fill=\"{fill}\" \
                 {outline}/><path d=\"M196 392 L196 454 M236 392 L236 454 M276 392 L276 454 \
                 M316 392 L316 454 M356 392 L356 454 M396 392 L396 454\" stroke=\"{dark}\" \
                 stroke-width=\"4\" opacity=\"0.45\"/>"
            ),
            Self::Belt => format!(
                "<rect x=\"60\" y=\"272\" width=\"480\" height=\"56\" rx=\"10\" fill=\"{fill}\" \
                 {outline}/><rect x=\"212\" y=\"248\" width=\"92\" height=\"104\" rx=\"14\" \
                 fill=\"none\" stroke=\"#b9b4ad\" stroke-width=\"14\"/>\
                 <path d=\"M258 300 L330 300\" stroke=\"#b9b4ad\" stroke-width=\"10\" \
                 stroke-linecap=\"round\"/><circle cx=\"380\" cy=\"300\" r=\"7\" fill=\"{dark}\"/>\
                 <circle cx=\"420\" cy=\"300\" r=\"7\" fill=\"{dark}\"/>\
                 <circle cx=\"460\" cy=\"300\" r=\"7\" fill=\"{dark}\"/>"
            ),
            Self::Sunglasses => format!(
                "<path d=\"M70 262 L130 270 M530 262 L470 270\" stroke=\"{dark}\" \
                 stroke-width=\"10\" stroke-linecap=\"round\"/>\
                 <ellipse cx=\"212\" cy=\"300\" rx=\"86\" ry=\"62\" fill=\"{fill}\" {outline}/>\
                 <ellipse cx=\"388\" cy=\"300\" rx=\"86\" ry=\"62\" fill=\"{fill}\" {outline}/>\
                 <path d=\"M298 286 Q300 266 302 286\" fill=\"none\" stroke=\"{dark}\" \
                 stroke-width=\"10\"/><path d=\"M170 276 L206 262 M346 276 L382 262\" \
                 stroke=\"{light}\" stroke-width=\"8\" stroke-linecap=\"round\" opacity=\"0.8\"/>"
            ),
            Self::Vinyl => format!(
                "<rect x=\"80\" y=\"110\" width=\"330\" height=\"330\" rx=\"6\" fill=\"{fill}\" \
                 {outline}/><circle cx=\"390\" cy=\"275\" r=\"160\" fill=\"#1f1d1b\"/>\
                 <circle cx=\"390\" cy=\"275\" r=\"130\" fill=\"none\" stroke=\"#3a3733\" \
                 stroke-width=\"3\"/><circle cx=\"390\" cy=\"275\" r=\"100\" fill=\"none\" \
                 stroke=\"#3a3733\" stroke-width=\"3\"/><circle cx=\"390\" cy=\"275\" r=\"56\" \
                 fill=\"{light}\"/><circle cx=\"390\" cy=\"275\" r=\"8\" fill=\"#1f1d1b\"/>"
            ),
            Self::Cd => format!(
                "<circle cx=\"300\" cy=\"290\" r=\"190\" fill=\"#dfe3e8\" stroke=\"#b8bec6\" \
                 stroke-width=\"4\"/><circle cx=\"300\" cy=\"290\" r=\"120\" fill=\"{fill}\" \
                 opacity=\"0.55\"/><path d=\"M180 190 A160 160 0 0 1 330 130\" fill=\"none\" \
                 stroke=\"#ffffff\" stroke-width=\"10\" opacity=\"0.7\"/>\
                 <circle cx=\"300\" cy=\"290\" r=\"48\" fill=\"#eef0f3\" stroke=\"#b8bec6\" \
                 stroke-width=\"4\"/><circle cx=\"300\" cy=\"290\" r=\"20\" fill=\"{bg}\"/>",
                bg = p.background
            ),
            Self::Pennant => format!(
                "<path d=\"M150 100 L150 520\" stroke=\"#8b6b4a\" stroke-width=\"14\" \
                 stroke-linecap=\"round\"/><path d=\"M157 130 L505 225 L157 320 Z\" \
                 fill=\"{fill}\" {outline}/><path d=\"M157 130 L190 139 L190 311 L157 320 Z\" \
                 fill=\"{dark}\" opacity=\"0.5\"/>"
            ),
            Self::Box => format!(
                "<path d=\"M300 140 L470 220 L300 300 L130 220 Z\" fill=\"{light}\" {outline}/>\
                 <path d=\"M130 220 L300 300 L300 480 L130 400 Z\" fill=\"{fill}\" {outline}/>\
                 <path d=\"M300 300 L470 220 L470 400 L300 480 Z\" fill=\"{dark}\" {outline}/>\
                 <path d=\"M215 180 L385 260 L385 330\" fill=\"none\" stroke=\"{light}\" \
                 stroke-width=\"14\" opacity=\"0.8\"/>"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(name: &str) -> Silhouette {
        let lower = name.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        Silhouette::for_words(&words)
    }

    #[test]
    fn sample_products_get_fitting_silhouettes() {
        assert_eq!(pick("Hoodie with Logo"), Silhouette::Hoodie);
        assert_eq!(pick("Long Sleeve Tee"), Silhouette::LongSleeve);
        assert_eq!(pick("Awesome V-Neck T-Shirt"), Silhouette::TShirt);
        assert_eq!(pick("Polo"), Silhouette::Polo);
        assert_eq!(pick("Cap"), Silhouette::Cap);
        assert_eq!(pick("Beanie with Logo"), Silhouette::Beanie);
        assert_eq!(pick("Belt"), Silhouette::Belt);
        assert_eq!(pick("Sunglasses"), Silhouette::Sunglasses);
        assert_eq!(pick("Album"), Silhouette::Vinyl);
        assert_eq!(pick("Single"), Silhouette::Cd);
        assert_eq!(pick("WordPress Pennant"), Silhouette::Pennant);
        assert_eq!(pick("Logo Collection"), Silhouette::Box);
        assert_eq!(
            pick("Escape Room"),
            Silhouette::Box,
            "words, not substrings"
        );
    }

    #[test]
    fn the_palette_darkens_and_lightens_the_colour() {
        let p = Palette::from_hex("#1e73be");
        assert_eq!(p.fill, "#1e73be");
        assert_ne!(p.dark, p.fill);
        assert_ne!(p.background, p.fill);
    }
}
