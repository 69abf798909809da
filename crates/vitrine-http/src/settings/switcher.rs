//! `[currency.switcher]`: how the currency switcher looks in every placement (spec §3
//! "Currency switcher data"); the binary reads it with `[currency]`.

use serde::Deserialize;
use utoipa::ToSchema;

/// How the currency switcher looks in every placement (spec §3 "Currency switcher data").
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SwitcherSettings {
    pub layout: SwitcherLayout,
    pub flag_size: FlagSize,
    pub dropdown_icon: DropdownIcon,
    /// How an option is labelled: text with the tokens `{code}`, `{symbol}` and `{name}`.
    pub custom_format: String,
    /// Show the sidebar placement on every page.
    pub sidebar: bool,
    /// After a switch, refetch the page's data instead of reloading it.
    pub do_not_reload_page: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SwitcherLayout {
    Dropdown,
    List,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum FlagSize {
    Small,
    Large,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DropdownIcon {
    Arrow,
    Caret,
    None,
}

/// The tokens a switcher label may use.
pub const SWITCHER_TOKENS: [&str; 3] = ["{code}", "{symbol}", "{name}"];

impl Default for SwitcherSettings {
    fn default() -> Self {
        Self {
            layout: SwitcherLayout::Dropdown,
            flag_size: FlagSize::Small,
            dropdown_icon: DropdownIcon::Arrow,
            custom_format: "{symbol} {code}".into(),
            sidebar: true,
            do_not_reload_page: false,
        }
    }
}

impl SwitcherSettings {
    /// Checks the label format: not blank, and every `{…}` one of [`SWITCHER_TOKENS`].
    pub fn validate(&self) -> Result<(), String> {
        let format = &self.custom_format;
        if format.trim().is_empty() {
            return Err("currency.switcher.custom_format must not be empty".into());
        }
        let mut rest = format.as_str();
        while let Some(start) = rest.find('{') {
            let token = rest[start..]
                .find('}')
                .map(|end| &rest[start..=start + end])
                .filter(|t| SWITCHER_TOKENS.contains(t))
                .ok_or_else(|| {
                    format!(
                        "currency.switcher.custom_format {format:?}: use only the tokens {}",
                        SWITCHER_TOKENS.join(", ")
                    )
                })?;
            rest = &rest[start + token.len()..];
        }
        Ok(())
    }

    /// An option's label: the format with its tokens filled in.
    pub fn label(&self, code: &str, symbol: &str, name: &str) -> String {
        self.custom_format
            .replace("{code}", code)
            .replace("{symbol}", symbol)
            .replace("{name}", name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switcher_reads_its_options_and_refuses_unknown_ones() {
        let s: SwitcherSettings = toml::from_str(
            "layout = \"list\"\nflag_size = \"large\"\ndropdown_icon = \"none\"\n\
             custom_format = \"{name} ({symbol})\"\nsidebar = false\ndo_not_reload_page = true\n",
        )
        .expect("reads");
        assert_eq!(s.layout, SwitcherLayout::List);
        assert_eq!(s.dropdown_icon, DropdownIcon::None);
        assert_eq!(s.label("EUR", "€", "Euro"), "Euro (€)");
        assert!(s.validate().is_ok());
        assert!(toml::from_str::<SwitcherSettings>("layout = \"grid\"").is_err());
        assert!(toml::from_str::<SwitcherSettings>("colour = \"red\"").is_err());
        let default = SwitcherSettings::default();
        assert_eq!(default.label("USD", "$", "US Dollar"), "$ USD");
    }

    #[test]
    fn a_label_format_takes_only_known_tokens() {
        let with = |custom_format: &str| SwitcherSettings {
            custom_format: custom_format.into(),
            ..SwitcherSettings::default()
        };
        assert!(with("{code}").validate().is_ok());
        assert!(with("{symbol}{code}{name}").validate().is_ok());
        for bad in ["", "  ", "{flag} {code}", "{code", "{{code}}"] {
            let err = with(bad).validate().expect_err(bad);
            assert!(err.starts_with("currency.switcher.custom_format"), "{err}");
        }
    }
}
