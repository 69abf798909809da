//! Shop settings the HTTP layer needs, loadable from the `[shop]` table of the TOML config.

use std::collections::BTreeMap;

use serde::Deserialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::colour::{colour_hex, is_colour_attribute};
use vitrine_domain::money::{Currency, PriceFormat};

mod switcher;

pub use switcher::{DropdownIcon, FlagSize, SWITCHER_TOKENS, SwitcherLayout, SwitcherSettings};

/// Everything about the shop that shapes pages and API answers. Every field has a default, so
/// an empty `[shop]` table (or none) gives a working USD shop.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ShopSettings {
    /// Shop name, used in titles and Open Graph ("Vitrine").
    pub name: String,
    /// Shown under the name and as the home page description.
    pub tagline: String,
    /// ISO 4217 code of the currency prices are stored in ("USD").
    pub base_currency: Currency,
    /// How base-currency prices are written; WooCommerce's defaults for the base currency
    /// when absent. The binary turns it into the base's `[currency]` entry when there is no
    /// `[currency]` table (the formats of a shop with several currencies are written there).
    pub price_format: Option<PriceFormat>,
    /// Products per listing page (WooCommerce: 12 with 3 columns × 4 rows).
    pub per_page: u32,
    /// Columns of the product grid.
    pub columns: u32,
    /// Absolute URL the shop is reached at, for canonical links, Open Graph and JSON-LD.
    pub public_url: String,
    /// Unit appended to weights ("lbs").
    pub weight_unit: String,
    /// Unit appended to dimensions ("in").
    pub dimension_unit: String,
    /// Variation form behaviour and swatches.
    pub variations: VariationSettings,
    /// `Content-Security-Policy` sent with every response; `""` sends none.
    pub content_security_policy: String,
    /// `Permissions-Policy` sent with every response; `""` sends none.
    pub permissions_policy: String,
    /// Product reviews (`[shop.reviews]`).
    pub reviews: ReviewSettings,
    /// Store notice, sticky header, page loader (`[shop.theme]`).
    pub theme: crate::theme::ThemeSettings,
    /// Embedded YouTube and Vimeo players (`[shop.video.youtube]`, `[shop.video.vimeo]`).
    pub video: crate::video::VideoSettings,
    /// WooCommerce's "Coming soon" visibility: storefront pages show the coming-soon page to
    /// everyone but logged-in users who may see the shop (ADR 0010). Off by default.
    pub coming_soon: bool,
    /// The Instagram feed block: the binary reads `[shop.instagram]` (the adapter's settings)
    /// and hands the block's part here; none by default.
    #[serde(skip)]
    pub instagram: Option<FeedBlock>,
    /// The currency switcher (`[currency.switcher]`, read by the binary with `[currency]`).
    #[serde(skip)]
    pub currency_switcher: SwitcherSettings,
    /// Reverse proxies in front of the shop whose `X-Forwarded-For` is trusted when brakes and
    /// tracking look for the client's address; 0 (the default) uses the socket address. The
    /// older `[tracking] trusted_proxy_hops` is read when this is not set.
    pub trusted_proxy_hops: u8,
}

/// What the page shows of the social feed block (the feed itself comes from its port).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedBlock {
    pub title: String,
    pub profile_url: Option<String>,
    /// How many posts the block shows.
    pub limit: u32,
}

/// Product reviews: what a submission needs and whether it waits for the shop owner.
#[derive(Debug, Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReviewSettings {
    /// A star rating is required (WooCommerce's default: on).
    pub rating_required: bool,
    /// What the shopper is told when the rating is missing.
    pub required_rating_text: String,
    /// `hold` (default): new reviews wait for approval; `approve`: shown at once.
    pub moderation: Moderation,
}

/// What happens to a new review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Moderation {
    /// Held as `pending` until the shop owner approves it.
    Hold,
    /// Approved on arrival.
    Approve,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        let rules = vitrine_domain::review::ReviewRules::default();
        Self {
            rating_required: rules.rating_required,
            required_rating_text: rules.required_rating_text,
            moderation: Moderation::Hold,
        }
    }
}

impl ShopSettings {
    /// The choices the application applies (caches off: the serving binary sets their TTLs).
    /// Prices are the base currency's only, in its default format: the binary sets the
    /// checked `[currency]` and `[discounts]` configuration (`Policies::pricing`).
    pub fn policies(&self) -> vitrine_app::Policies {
        vitrine_app::Policies {
            pricing: vitrine_app::pricing::PricingPolicy::base_only(self.base_currency),
            reviews: vitrine_app::reviews::ReviewPolicy {
                rules: self.reviews.rules(),
                new_status: match self.reviews.moderation {
                    Moderation::Hold => vitrine_domain::review::ReviewStatus::Pending,
                    Moderation::Approve => vitrine_domain::review::ReviewStatus::Approved,
                },
            },
            related_products: self.columns.max(1),
            ..vitrine_app::Policies::default()
        }
    }
}

impl ReviewSettings {
    /// The domain rules these settings stand for.
    pub fn rules(&self) -> vitrine_domain::review::ReviewRules {
        vitrine_domain::review::ReviewRules {
            rating_required: self.rating_required,
            required_rating_text: self.required_rating_text.clone(),
        }
    }
}

/// The variation form (spec §7 Variations, §9 thresholds) and its swatches.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct VariationSettings {
    /// Embed every variation in the page when a product has at most this many (30).
    pub threshold: u32,
    /// Show "Only N left in stock" when max_qty is at or below this.
    pub stock_left_threshold: u32,
    /// Attribute (slug) whose choice previews an image before all are chosen; none = first.
    pub preview_attribute: Option<String>,
    pub clickable_out_of_stock: bool,
    pub clear_on_reselect: bool,
    /// Mirror the chosen attributes in the page address.
    pub sync_address: bool,
    /// Swatch per attribute slug (`color`, `size`, …). Attributes not listed get colour
    /// swatches when named Color/Colour, buttons otherwise.
    pub swatches: BTreeMap<String, AttributeSwatch>,
}

/// How one attribute's options are drawn.
#[derive(Debug, Clone, Deserialize)]
pub struct AttributeSwatch {
    #[serde(rename = "type")]
    pub kind: SwatchType,
    /// Option value → CSS colour, for colour swatches (`Blue = "#1e73be"`).
    #[serde(default)]
    pub colors: BTreeMap<String, String>,
}

/// Swatch kinds of the variations form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SwatchType {
    Color,
    Image,
    Button,
    Select,
}

/// The CSP sent by default. Scripts are limited to the shop's own origin; the tracking work,
/// which loads provider scripts, widens `script-src`/`connect-src` through the setting.
pub const DEFAULT_CSP: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
    frame-ancestors 'self'";

/// The browser features the shop's pages (and any frame in them) may use: none of the
/// devices and sensors a shop has no use for, and the Payment Request API for the shop's own
/// origin only (wallet buttons); a payment provider's frame would be added here by name.
pub const DEFAULT_PERMISSIONS_POLICY: &str = "accelerometer=(), camera=(), \
    display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), \
    midi=(), payment=(self), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()";

impl Default for ShopSettings {
    fn default() -> Self {
        Self {
            name: "Vitrine".into(),
            tagline: "A small shop that runs in one binary".into(),
            base_currency: Currency::USD,
            price_format: None,
            per_page: 12,
            columns: 3,
            public_url: "http://127.0.0.1:8080".into(),
            weight_unit: "lbs".into(),
            dimension_unit: "in".into(),
            variations: VariationSettings::default(),
            content_security_policy: DEFAULT_CSP.into(),
            permissions_policy: DEFAULT_PERMISSIONS_POLICY.into(),
            reviews: ReviewSettings::default(),
            theme: crate::theme::ThemeSettings::default(),
            video: crate::video::VideoSettings::default(),
            coming_soon: false,
            instagram: None,
            currency_switcher: SwitcherSettings::default(),
            trusted_proxy_hops: 0,
        }
    }
}

impl Default for VariationSettings {
    fn default() -> Self {
        Self {
            threshold: 30,
            stock_left_threshold: 5,
            preview_attribute: None,
            clickable_out_of_stock: false,
            clear_on_reselect: false,
            sync_address: false,
            swatches: BTreeMap::new(),
        }
    }
}

impl ShopSettings {
    /// `public_url` without a trailing slash, ready to prefix a path.
    pub fn base_url(&self) -> &str {
        self.public_url.trim_end_matches('/')
    }
}

impl VariationSettings {
    /// The swatch type of an attribute (by slug and label).
    pub fn swatch_type(&self, slug: &str, name: &str) -> SwatchType {
        match self.swatches.get(slug) {
            Some(s) => s.kind,
            None if is_colour_attribute(slug) || is_colour_attribute(name) => SwatchType::Color,
            None => SwatchType::Button,
        }
    }

    /// The CSS colour of an option of a colour attribute: configured, else a known name.
    pub fn colour_of(&self, slug: &str, option: &str) -> Option<String> {
        self.swatches
            .get(slug)
            .and_then(|s| s.colors.get(option).cloned())
            .or_else(|| colour_hex(option).map(str::to_owned))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_shop_table_gives_the_defaults() {
        let s: ShopSettings = toml::from_str("").expect("parses");
        assert_eq!(s.per_page, 12);
        assert_eq!(s.columns, 3);
        assert_eq!(s.variations.threshold, 30);
        assert!(
            s.reviews.rating_required,
            "WooCommerce requires a rating by default"
        );
        assert_eq!(s.reviews.required_rating_text, "Please select a rating");
        assert_eq!(s.reviews.moderation, Moderation::Hold);
    }

    #[test]
    fn the_reviews_table_sets_rating_and_moderation() {
        let s: ShopSettings = toml::from_str(
            "[reviews]\nrating_required = false\nrequired_rating_text = \"Stars, please\"\n\
             moderation = \"approve\"\n",
        )
        .expect("parses");
        assert!(!s.reviews.rating_required);
        assert_eq!(s.reviews.rules().required_rating_text, "Stars, please");
        assert_eq!(s.reviews.moderation, Moderation::Approve);
        assert!(toml::from_str::<ShopSettings>("[reviews]\nmoderation = \"maybe\"\n").is_err());
    }

    #[test]
    fn colour_attributes_get_colour_swatches_and_others_buttons() {
        let s: ShopSettings = toml::from_str(
            "base_currency = \"EUR\"\n[variations.swatches.color]\ntype = \"color\"\n\
             colors = { Blue = \"#0000ff\" }\n[variations.swatches.logo]\ntype = \"select\"\n",
        )
        .expect("parses");
        let v = &s.variations;
        assert_eq!(v.swatch_type("color", "Color"), SwatchType::Color);
        assert_eq!(v.swatch_type("logo", "Logo"), SwatchType::Select);
        assert_eq!(v.swatch_type("size", "Size"), SwatchType::Button);
        assert_eq!(v.colour_of("color", "Blue").as_deref(), Some("#0000ff"));
        assert_eq!(v.colour_of("color", "Red").as_deref(), Some("#dd3333"));
        assert_eq!(s.base_currency, vitrine_domain::money::Currency::EUR);
    }
}
