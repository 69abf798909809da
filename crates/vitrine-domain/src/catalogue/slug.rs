//! URL slugs made the way WooCommerce makes them from names.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Slug(String);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0:?} is not a valid slug (lowercase letters, digits and hyphens)")]
pub struct SlugError(pub String);

impl Slug {
    /// Accepts an already-clean slug (as found in URLs).
    pub fn parse(text: &str) -> Result<Self, SlugError> {
        let ok = !text.is_empty()
            && text.len() <= 200
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(Self(text.to_owned()))
        } else {
            Err(SlugError(text.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Slug {
    type Error = SlugError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Slug::parse(&value)
    }
}

impl From<Slug> for String {
    fn from(value: Slug) -> Self {
        value.0
    }
}

impl std::fmt::Display for Slug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// "Awesome V-Neck T-Shirt" → `awesome-v-neck-t-shirt`; accents are transliterated.
/// Returns `None` when nothing sluggable is left (a name of only punctuation).
pub fn slugify(name: &str) -> Option<Slug> {
    let made = slug::slugify(name);
    (!made.is_empty()).then_some(Slug(made))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_names_become_woocommerce_slugs() {
        assert_eq!(
            slugify("Awesome V-Neck T-Shirt").unwrap().as_str(),
            "awesome-v-neck-t-shirt"
        );
        assert_eq!(
            slugify("Hoodie with Logo").unwrap().as_str(),
            "hoodie-with-logo"
        );
        assert_eq!(slugify("Crème brûlée").unwrap().as_str(), "creme-brulee");
    }

    #[test]
    fn slugs_from_urls_must_already_be_clean() {
        assert!(Slug::parse("hoodie").is_ok());
        assert!(Slug::parse("Hoodie").is_err());
        assert!(Slug::parse("../etc").is_err());
        assert!(Slug::parse("").is_err());
        assert!(slugify("!!!").is_none());
    }
}
