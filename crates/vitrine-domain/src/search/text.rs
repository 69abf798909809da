//! The text a shopper types into the search box, checked before it reaches an index.

/// Live search starts at this many characters (spec §5).
pub const MIN_SUGGEST_CHARS: usize = 3;
/// Longer queries are refused: nobody types them, and each word costs the index work.
pub const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SearchTextError {
    #[error("the search text is empty")]
    Empty,
    #[error("the search text is longer than {MAX_QUERY_CHARS} characters")]
    TooLong,
    #[error("the search text contains a control character")]
    ControlCharacter,
}

/// Trimmed search text of 1..=MAX_QUERY_CHARS characters without control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText(String);

impl SearchText {
    pub fn parse(raw: &str) -> Result<Self, SearchTextError> {
        if raw.chars().any(char::is_control) {
            return Err(SearchTextError::ControlCharacter);
        }
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(SearchTextError::Empty);
        }
        if trimmed.chars().count() > MAX_QUERY_CHARS {
            return Err(SearchTextError::TooLong);
        }
        Ok(Self(trimmed.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Too short for suggestions: the box answers nothing below MIN_SUGGEST_CHARS.
    pub fn too_short_to_suggest(&self) -> bool {
        self.0.chars().count() < MIN_SUGGEST_CHARS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_pinned() {
        assert_eq!(MIN_SUGGEST_CHARS, 3);
        assert_eq!(MAX_QUERY_CHARS, 100);
    }

    #[test]
    fn length_boundary_is_one_hundred_characters() {
        assert!(SearchText::parse(&"é".repeat(100)).is_ok());
        assert_eq!(
            SearchText::parse(&"é".repeat(101)),
            Err(SearchTextError::TooLong)
        );
    }

    #[test]
    fn empty_blank_and_control_characters_are_refused() {
        assert_eq!(SearchText::parse(""), Err(SearchTextError::Empty));
        assert_eq!(SearchText::parse("   "), Err(SearchTextError::Empty));
        assert_eq!(
            SearchText::parse("ho\u{0}o"),
            Err(SearchTextError::ControlCharacter)
        );
        assert_eq!(
            SearchText::parse("hoo\n"),
            Err(SearchTextError::ControlCharacter)
        );
    }

    #[test]
    fn suggestions_start_at_three_characters() {
        assert!(SearchText::parse("ho").unwrap().too_short_to_suggest());
        assert!(!SearchText::parse("hoo").unwrap().too_short_to_suggest());
        assert_eq!(SearchText::parse("  hoo ").unwrap().as_str(), "hoo");
    }
}
