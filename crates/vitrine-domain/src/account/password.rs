//! Rules for a new password (sign-up, reset, account details): 8–1024 characters, not the
//! account's e-mail address, and at least "medium" on the zxcvbn strength estimator (score 3 of
//! 4, WooCommerce's default `woocommerce_min_password_strength`; the same estimator WordPress's
//! meter uses). The e-mail and names are given to the estimator as words it should not trust.

use super::{Email, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};

/// zxcvbn's score a new password needs (0–4; 3 is "medium", about 10¹⁰ guesses).
pub const MIN_PASSWORD_SCORE: u8 = 3;

/// Why a new password is refused; the message is shown next to the password field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordProblem {
    #[error("Please enter a password.")]
    Empty,
    #[error("The password must have at least 8 characters.")]
    TooShort,
    #[error("The password must have at most 1024 characters.")]
    TooLong,
    #[error("The password must not be your email address.")]
    IsEmail,
    /// WooCommerce's meter wording, with the estimator's hint when it has one.
    #[error("Weak - Please enter a stronger password.{}", .0.as_deref().map(|h| format!(" {h}")).unwrap_or_default())]
    Weak(Option<String>),
}

/// Checks a password a user chooses for the account of `email` (and these names).
pub fn check_new_password(
    password: &str,
    email: &Email,
    names: &[&str],
) -> Result<(), PasswordProblem> {
    let chars = password.chars().count();
    if chars == 0 {
        return Err(PasswordProblem::Empty);
    }
    if chars < MIN_PASSWORD_CHARS {
        return Err(PasswordProblem::TooShort);
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(PasswordProblem::TooLong);
    }
    let lowered = password.trim().to_lowercase();
    if lowered == email.as_str() || lowered == email.local_part() {
        return Err(PasswordProblem::IsEmail);
    }
    // The address, its local part with and without punctuation, the names alone and run
    // together ("adalovelace"), all lowercased as zxcvbn's dictionaries are.
    let names: Vec<String> = names
        .iter()
        .map(|n| n.trim().to_lowercase())
        .filter(|n| !n.is_empty())
        .collect();
    let local = email.local_part().to_lowercase();
    let mut owned = vec![
        email.as_str().to_lowercase(),
        local.replace(['.', '_', '-', '+'], ""),
        names.concat(),
        local,
    ];
    owned.extend(names);
    let inputs: Vec<&str> = owned.iter().map(String::as_str).collect();
    let estimate = zxcvbn::zxcvbn(password, &inputs);
    if u8::from(estimate.score()) < MIN_PASSWORD_SCORE {
        let hint = estimate.feedback().and_then(|f| {
            f.warning()
                .map(|w| w.to_string())
                .or_else(|| f.suggestions().first().map(ToString::to_string))
        });
        return Err(PasswordProblem::Weak(hint.filter(|h| !h.is_empty())));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ada() -> Email {
        Email::parse("ada.lovelace@example.com").expect("valid")
    }

    #[test]
    fn length_is_checked_at_seven_eight_and_1025() {
        assert_eq!(
            check_new_password("", &ada(), &[]),
            Err(PasswordProblem::Empty)
        );
        assert_eq!(
            check_new_password("Zq9#kLp", &ada(), &[]),
            Err(PasswordProblem::TooShort)
        );
        // Eight characters pass the length rule; eight random ones are still about 10⁸
        // guesses (score 2), so the strength rule wants a ninth.
        assert!(matches!(
            check_new_password("Zq9#kLpw", &ada(), &[]),
            Err(PasswordProblem::Weak(_))
        ));
        assert_eq!(check_new_password("Zq9#kLpw!x", &ada(), &[]), Ok(()));
        assert_eq!(
            check_new_password(&"x9Q#".repeat(257), &ada(), &[]),
            Err(PasswordProblem::TooLong)
        );
    }

    #[test]
    fn the_email_or_its_local_part_is_refused() {
        assert_eq!(
            check_new_password("Ada.Lovelace@example.com", &ada(), &[]),
            Err(PasswordProblem::IsEmail)
        );
        assert_eq!(
            check_new_password("ada.lovelace", &ada(), &[]),
            Err(PasswordProblem::IsEmail)
        );
    }

    #[test]
    fn weak_passwords_are_refused_and_pass_phrases_accepted() {
        for weak in ["password1", "12345678", "qwertyuiop", "adalovelace1"] {
            let answer = check_new_password(weak, &ada(), &["Ada", "Lovelace"]);
            assert!(
                matches!(answer, Err(PasswordProblem::Weak(_))),
                "{weak}: {answer:?}"
            );
            let message = answer.expect_err("weak").to_string();
            assert!(message.starts_with("Weak - Please enter a stronger password."));
        }
        for strong in ["correct horse battery staple", "Vitrine-Tulip-42-Harbour"] {
            assert_eq!(check_new_password(strong, &ada(), &[]), Ok(()), "{strong}");
        }
        assert_eq!(MIN_PASSWORD_SCORE, 3);
    }
}
