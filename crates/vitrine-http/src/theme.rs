//! The theme's options (`[shop.theme]`): the store notice, the sticky header and the page
//! loader (spec §4). The web app reads them from the site view.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// When the sticky header hides itself while the page scrolls down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HideOnScroll {
    Never,
    Always,
    /// Below the 550 px breakpoint, where the header takes a larger share of the screen.
    SmallScreens,
}

/// `[shop.theme]` in the config file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThemeSettings {
    /// The dismissible banner at the top of every page; none by default (WooCommerce's
    /// "store notice" is off until the shop owner writes one).
    pub store_notice: Option<String>,
    /// The header sticks to the top once scrolled past.
    pub sticky_header: bool,
    pub hide_header_on_scroll: HideOnScroll,
    /// The 1 s page loader overlay; off by default (it only delays the shopper).
    pub page_loader: bool,
    /// How long the search box waits after a keystroke before asking for suggestions, in ms
    /// (the theme's `search_result_latency`).
    pub search_result_latency: u32,
    /// The suggestion list says "No results" when nothing matches; off by default (spec §8:
    /// only if enabled).
    pub search_no_results: bool,
    /// Listings load the next page as the shopper scrolls instead of showing page links.
    pub infinite_scroll: bool,
}

/// The search box's default deferral: one request per pause in typing, not per key.
pub const SEARCH_RESULT_LATENCY_MS: u32 = 300;

impl Default for ThemeSettings {
    fn default() -> Self {
        Self {
            store_notice: None,
            sticky_header: true,
            hide_header_on_scroll: HideOnScroll::SmallScreens,
            page_loader: false,
            search_result_latency: SEARCH_RESULT_LATENCY_MS,
            search_no_results: false,
            infinite_scroll: false,
        }
    }
}

/// The theme options as the web app reads them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ThemeView {
    /// Text of the store notice, null for none (trimmed; blank counts as none).
    pub store_notice: Option<String>,
    pub sticky_header: bool,
    pub hide_header_on_scroll: HideOnScroll,
    pub page_loader: bool,
    /// Milliseconds the search box waits after typing before it asks for suggestions.
    pub search_result_latency: u32,
    pub search_no_results: bool,
    pub infinite_scroll: bool,
}

impl From<&ThemeSettings> for ThemeView {
    fn from(s: &ThemeSettings) -> Self {
        Self {
            store_notice: s
                .store_notice
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned),
            sticky_header: s.sticky_header,
            hide_header_on_scroll: s.hide_header_on_scroll,
            page_loader: s.page_loader,
            search_result_latency: s.search_result_latency,
            search_no_results: s.search_no_results,
            infinite_scroll: s.infinite_scroll,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_default_there_is_no_notice_and_the_header_sticks() {
        let view = ThemeView::from(&ThemeSettings::default());
        assert_eq!(view.store_notice, None);
        assert!(view.sticky_header && !view.page_loader);
        assert_eq!(view.hide_header_on_scroll, HideOnScroll::SmallScreens);
    }

    #[test]
    fn search_waits_300_ms_and_says_no_results_only_when_enabled() {
        let view = ThemeView::from(&ThemeSettings::default());
        assert_eq!(view.search_result_latency, 300);
        assert!(!view.search_no_results && !view.infinite_scroll);
    }

    #[test]
    fn a_blank_notice_counts_as_none_and_unknown_keys_are_refused() {
        let s: ThemeSettings = toml::from_str("store_notice = '  '").expect("valid");
        assert_eq!(ThemeView::from(&s).store_notice, None);
        let s: ThemeSettings =
            toml::from_str("store_notice = ' Sale ends Sunday '\nhide_header_on_scroll = 'never'")
                .expect("valid");
        let view = ThemeView::from(&s);
        assert_eq!(view.store_notice.as_deref(), Some("Sale ends Sunday"));
        assert_eq!(view.hide_header_on_scroll, HideOnScroll::Never);
        assert!(toml::from_str::<ThemeSettings>("sticky = true").is_err());
    }
}
