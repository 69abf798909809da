//! Accounts (ADR 0010): who may log in, their role and what the role allows. WordPress's roles
//! and capabilities, reduced to what the storefront acts on. Passwords are hashed by the HTTP
//! layer; this module only holds the rules.

mod email;
mod password;
mod role;

pub use email::{Email, EmailError};
pub use password::{MIN_PASSWORD_SCORE, PasswordProblem, check_new_password};
pub use role::{Capabilities, Role};

use time::{Duration, OffsetDateTime};

/// A stored user's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UserId(pub i64);

/// A user as the shop knows them (no password hash: that stays in the store).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub email: Email,
    pub display_name: String,
    pub role: Role,
    /// WooCommerce's account first and last name (blank until the user gives them).
    pub first_name: String,
    pub last_name: String,
    /// The shopper dismissed the coming-soon banner (WooCommerce user meta
    /// `coming_soon_banner_dismissed`).
    pub coming_soon_banner_dismissed: bool,
}

impl User {
    pub fn capabilities(&self) -> Capabilities {
        self.role.capabilities()
    }
}

/// A user to create: the email and name already checked, the password already hashed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    pub email: Email,
    pub display_name: String,
    pub role: Role,
    /// PHC string (`$argon2id$…`).
    pub password_hash: String,
}

/// The longest display name kept (WordPress's `display_name` column is 250 characters).
pub const MAX_DISPLAY_NAME_CHARS: usize = 250;
/// Passwords shorter than this are refused when a user is made.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longer passwords are refused before hashing, so a login cannot be made to hash megabytes.
pub const MAX_PASSWORD_CHARS: usize = 1024;

/// A display name: trimmed, one line, 1–250 characters; the email's local part when blank.
pub fn display_name(wanted: Option<&str>, email: &Email) -> Result<String, &'static str> {
    let name = wanted.map(str::trim).filter(|n| !n.is_empty());
    let name = name.unwrap_or_else(|| email.local_part());
    if name.chars().count() > MAX_DISPLAY_NAME_CHARS {
        return Err("the display name is longer than 250 characters");
    }
    if name.chars().any(char::is_control) {
        return Err("the display name must be one line of text");
    }
    Ok(name.to_owned())
}

/// Whether a new password is acceptable (length only: pass phrases are welcome).
pub fn check_password(password: &str) -> Result<(), &'static str> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        Err("the password must have at least 8 characters")
    } else if chars > MAX_PASSWORD_CHARS {
        Err("the password must have at most 1024 characters")
    } else {
        Ok(())
    }
}

/// How long a password reset link works: 24 hours (WordPress's `password_reset_expiration`).
pub const PASSWORD_RESET_LIFETIME: Duration = Duration::hours(24);

/// What a user may change on the "Account details" page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountDetails {
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub email: Email,
}

/// The longest first or last name kept.
pub const MAX_NAME_CHARS: usize = 100;

/// A first or last name: trimmed, one line, at most 100 characters (blank allowed).
pub fn person_name(wanted: &str) -> Result<String, &'static str> {
    let name = wanted.trim();
    if name.chars().count() > MAX_NAME_CHARS {
        return Err("Names are limited to 100 characters.");
    }
    if name.chars().any(char::is_control) {
        return Err("A name must be one line of text.");
    }
    Ok(name.to_owned())
}

/// How long a login lasts: 2 days, or 14 with "Remember me" (WordPress's lifetimes).
pub fn session_expiry(now: OffsetDateTime, remember: bool) -> OffsetDateTime {
    now + if remember {
        Duration::days(14)
    } else {
        Duration::days(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email() -> Email {
        Email::parse("Ada.Lovelace@Example.com").expect("valid")
    }

    #[test]
    fn a_blank_display_name_falls_back_to_the_email_local_part() {
        assert_eq!(display_name(None, &email()), Ok("ada.lovelace".to_owned()));
        assert_eq!(
            display_name(Some("  "), &email()),
            Ok("ada.lovelace".to_owned())
        );
        assert_eq!(display_name(Some(" Ada "), &email()), Ok("Ada".to_owned()));
        assert!(display_name(Some("a\nb"), &email()).is_err());
        assert!(display_name(Some(&"x".repeat(251)), &email()).is_err());
    }

    #[test]
    fn passwords_need_eight_characters_and_are_capped() {
        assert!(check_password("short").is_err());
        assert!(check_password("correct horse").is_ok());
        assert!(check_password("ünïcödé").is_err());
        assert!(check_password(&"a".repeat(1025)).is_err());
    }

    #[test]
    fn names_are_trimmed_one_line_and_capped_at_100() {
        assert_eq!(person_name("  Ada "), Ok("Ada".to_owned()));
        assert_eq!(person_name(""), Ok(String::new()));
        assert!(person_name(&"x".repeat(100)).is_ok());
        assert!(person_name(&"x".repeat(101)).is_err());
        assert!(person_name("A\nB").is_err());
    }

    #[test]
    fn a_reset_link_lasts_24_hours() {
        assert_eq!(PASSWORD_RESET_LIFETIME, Duration::hours(24));
        assert_eq!(PASSWORD_RESET_LIFETIME.whole_seconds(), 86_400);
    }

    #[test]
    fn remember_me_keeps_a_login_for_fourteen_days_instead_of_two() {
        let now = OffsetDateTime::UNIX_EPOCH;
        assert_eq!(session_expiry(now, false) - now, Duration::days(2));
        assert_eq!(session_expiry(now, true) - now, Duration::days(14));
    }
}
