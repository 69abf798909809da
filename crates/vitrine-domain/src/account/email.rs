//! Login emails: trimmed, lower-cased (so `Ada@Example.com` and `ada@example.com` are one
//! account) and shaped like an address. Deliverability is not checked here.

/// A normalised email address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("enter an email address")]
    Empty,
    #[error("“{0}” is not a valid email address")]
    Invalid(String),
}

/// RFC 5321's limit on a whole address.
const MAX_CHARS: usize = 254;

impl Email {
    pub fn parse(text: &str) -> Result<Self, EmailError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(EmailError::Empty);
        }
        let invalid = || EmailError::Invalid(text.chars().take(MAX_CHARS).collect());
        let (local, domain) = text.rsplit_once('@').ok_or_else(invalid)?;
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '.');
        let local_ok = !local.is_empty()
            && !local.contains('@')
            && !local.chars().any(|c| c.is_whitespace() || c.is_control());
        if !domain_ok || !local_ok || text.chars().count() > MAX_CHARS {
            return Err(invalid());
        }
        Ok(Self(text.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The part before the `@`.
    pub fn local_part(&self) -> &str {
        self.0.rsplit_once('@').map_or(&self.0, |(local, _)| local)
    }
}

impl std::fmt::Display for Email {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        let email = Email::parse("  Ada@Example.COM ").expect("valid");
        assert_eq!(email.as_str(), "ada@example.com");
        assert_eq!(email.local_part(), "ada");
    }

    #[test]
    fn malformed_addresses_are_refused() {
        assert_eq!(Email::parse(" "), Err(EmailError::Empty));
        for bad in [
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "a b@example.com",
            "ada@exa..mple.com",
            "ada@.example.com",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
        assert!(Email::parse(&format!("{}@example.com", "a".repeat(250))).is_err());
    }
}
