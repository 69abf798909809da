//! Variations of a variable product and the attribute matching rule (spec §5).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{FixedPrices, Image, Inventory, Pricing, Shipping, VariationId};

/// One attribute of a variation; `value: None` means "any value" (WooCommerce's empty value).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttributeSelection {
    pub attribute: String,
    pub value: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variation {
    pub id: VariationId,
    pub sku: Option<String>,
    pub name: String,
    /// Published (WooCommerce: variation_is_active).
    pub enabled: bool,
    /// Keyed by the parent's attribute slug.
    pub attributes: Vec<AttributeSelection>,
    pub pricing: Pricing,
    /// Prices fixed in other currencies (ADR 0012); empty for most items.
    #[serde(default, skip_serializing_if = "FixedPrices::is_empty")]
    pub fixed_prices: FixedPrices,
    pub inventory: Inventory,
    pub shipping: Shipping,
    pub image: Option<Image>,
    pub description: String,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloadable: bool,
    pub menu_order: i64,
}

impl Variation {
    /// The matching rule: an attribute matches when either side is empty or the values are
    /// equal. `chosen` maps attribute slug → chosen value ("" or missing = not chosen).
    pub fn matches(&self, chosen: &BTreeMap<String, String>) -> bool {
        self.attributes.iter().all(|a| {
            let wanted = chosen.get(&a.attribute).map(String::as_str).unwrap_or("");
            match a.value.as_deref() {
                None | Some("") => true,
                Some(v) => wanted.is_empty() || v == wanted,
            }
        })
    }

    pub fn value_of(&self, attribute: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|a| a.attribute == attribute)
            .and_then(|a| a.value.as_deref())
    }
}

/// Finds the variation for a full selection: the first enabled one that matches.
pub fn find_matching<'a>(
    variations: impl IntoIterator<Item = &'a Variation>,
    chosen: &BTreeMap<String, String>,
) -> Option<&'a Variation> {
    variations
        .into_iter()
        .find(|v| v.enabled && v.matches(chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A variation for matching rules, where the price plays no part.
    fn variation(id: i64, pairs: &[(&str, Option<&str>)]) -> Variation {
        crate::catalogue::fixtures::variation(id, pairs, 0)
    }

    fn chosen(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(a, v)| ((*a).into(), (*v).into()))
            .collect()
    }

    #[test]
    fn hoodie_red_with_logo_has_no_matching_variation() {
        let hoodie = [
            variation(79, &[("color", Some("Red")), ("logo", Some("No"))]),
            variation(90, &[("color", Some("Blue")), ("logo", Some("Yes"))]),
        ];
        assert!(find_matching(&hoodie, &chosen(&[("color", "Red"), ("logo", "Yes")])).is_none());
        let blue_yes = find_matching(&hoodie, &chosen(&[("color", "Blue"), ("logo", "Yes")]));
        assert_eq!(blue_yes.map(|v| v.id), Some(VariationId(90)));
    }

    #[test]
    fn a_variation_with_any_size_matches_every_size() {
        let red = variation(76, &[("color", Some("Red")), ("size", None)]);
        for size in ["Small", "Medium", "Large"] {
            assert!(red.matches(&chosen(&[("color", "Red"), ("size", size)])));
        }
        assert!(!red.matches(&chosen(&[("color", "Blue"), ("size", "Small")])));
    }

    #[test]
    fn disabled_variations_never_match() {
        let mut v = variation(1, &[("color", Some("Red"))]);
        v.enabled = false;
        assert!(find_matching([&v], &chosen(&[("color", "Red")])).is_none());
    }
}
