//! Renaming a category or tag (a back-office use case). The store raises the change number
//! of every product carrying it, so each instance's search index re-reads them with the new
//! name on its next poll; this instance's taxonomy cache is dropped at once.

use vitrine_domain::catalogue::{CategoryId, TagId};

use super::Catalogue;
use crate::error::{AppError, AppResult, Missing};

/// Category and tag names are at most this many characters (WordPress's term name column).
pub const MAX_TERM_NAME_CHARS: usize = 200;

/// A trimmed name of 1..=MAX_TERM_NAME_CHARS characters without control characters.
pub fn check_term_name(raw: &str) -> AppResult<String> {
    let name = raw.trim();
    let problem = if name.is_empty() {
        Some("the name is empty".to_owned())
    } else if name.chars().count() > MAX_TERM_NAME_CHARS {
        Some(format!(
            "the name is longer than {MAX_TERM_NAME_CHARS} characters"
        ))
    } else if name.chars().any(char::is_control) {
        Some("the name contains a control character".to_owned())
    } else {
        None
    };
    match problem {
        Some(message) => Err(AppError::Invalid {
            field: "name",
            message,
        }),
        None => Ok(name.to_owned()),
    }
}

impl Catalogue {
    pub async fn rename_category(&self, id: CategoryId, name: &str) -> AppResult<()> {
        let name = check_term_name(name)?;
        if !self.store().rename_category(id, &name).await? {
            return Err(AppError::NotFound(Missing::Category(id.0.to_string())));
        }
        self.inner.taxonomy.forget();
        Ok(())
    }

    pub async fn rename_tag(&self, id: TagId, name: &str) -> AppResult<()> {
        let name = check_term_name(name)?;
        if !self.store().rename_tag(id, &name).await? {
            return Err(AppError::NotFound(Missing::Tag(id.0.to_string())));
        }
        self.inner.taxonomy.forget();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded_at_two_hundred_characters() {
        assert_eq!(MAX_TERM_NAME_CHARS, 200);
        assert_eq!(check_term_name("  Jumpers ").expect("ok"), "Jumpers");
        assert!(check_term_name(&"é".repeat(200)).is_ok());
        assert!(check_term_name(&"é".repeat(201)).is_err());
        assert!(check_term_name("  ").is_err());
        assert!(check_term_name("a\u{7}b").is_err());
    }
}
