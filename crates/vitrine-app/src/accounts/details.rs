//! "Account details" (WooCommerce's edit-account form): first, last and display name, e-mail
//! address, and a password change that needs the current password. Everything is checked
//! before anything is stored, in the form's order, so a refusal changes nothing.
//!
//! The current password is checked under the login brake of the account (a stolen session
//! must not become a way to guess the password); a right one gives the attempt back. A new
//! password ends the account's other sessions and keeps this one.

use vitrine_domain::account::{
    AccountDetails, Email, MAX_PASSWORD_CHARS, User, check_new_password, display_name, person_name,
};
use vitrine_domain::brake::{Attempt, BrakeScope};
use vitrine_domain::ports::StoreError;

use super::{Accounts, SignedIn, password};
use crate::brake::BrakeKind;
use crate::error::{AppError, AppResult, Refusal};

/// WooCommerce's answer when the new e-mail address is another account's.
pub const EMAIL_REGISTERED: &str = "This email address is already registered.";

/// What the form sends; the password fields blank leave the password as it is.
#[derive(Debug, Clone, Default)]
pub struct DetailsChange {
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    pub email: String,
    pub password_current: String,
    pub password_1: String,
    pub password_2: String,
}

fn required(value: &str, field: &'static str, label: &str) -> AppResult<()> {
    if value.trim().is_empty() {
        return Err(AppError::invalid(
            field,
            format!("{label} is a required field."),
        ));
    }
    Ok(())
}

impl Accounts {
    /// Saves the signed-in user's details (and new password); the user as stored.
    pub async fn update_details(&self, me: &SignedIn, change: DetailsChange) -> AppResult<User> {
        required(&change.first_name, "first_name", "First name")?;
        required(&change.last_name, "last_name", "Last name")?;
        required(&change.display_name, "display_name", "Display name")?;
        required(&change.email, "email", "Email address")?;
        let first =
            person_name(&change.first_name).map_err(|m| AppError::invalid("first_name", m))?;
        let last = person_name(&change.last_name).map_err(|m| AppError::invalid("last_name", m))?;
        let email = Email::parse(&change.email)
            .map_err(|_| AppError::invalid("email", "Please provide a valid email address."))?;
        let shown = display_name(Some(&change.display_name), &email)
            .map_err(|m| AppError::invalid("display_name", m))?;
        let new_password = self
            .new_password(me, &change, &email, &first, &last)
            .await?;

        let details = AccountDetails {
            first_name: first,
            last_name: last,
            display_name: shown,
            email,
        };
        let store = &self.inner.store;
        let user = match store.update_details(me.user.id, &details).await {
            Ok(Some(user)) => user,
            Ok(None) => return Err(AppError::refused(Refusal::NotLoggedIn)),
            Err(StoreError::Conflict(_)) => {
                return Err(AppError::refused(Refusal::EmailTaken {
                    field: "email",
                    message: EMAIL_REGISTERED,
                }));
            }
            Err(other) => return Err(other.into()),
        };
        if let Some(phc) = new_password {
            store
                .set_password(user.id, &phc, Some(&me.token.hash()))
                .await?;
        }
        Ok(user)
    }

    /// The new password's hash, when the form asks for one and it may be set.
    async fn new_password(
        &self,
        me: &SignedIn,
        change: &DetailsChange,
        email: &Email,
        first: &str,
        last: &str,
    ) -> AppResult<Option<String>> {
        let (current, new, again) = (
            change.password_current.as_str(),
            change.password_1.as_str(),
            change.password_2.as_str(),
        );
        if current.is_empty() && new.is_empty() && again.is_empty() {
            return Ok(None);
        }
        if current.is_empty() {
            return Err(AppError::invalid(
                "password_current",
                "Please enter your current password.",
            ));
        }
        if new.is_empty() {
            return Err(AppError::invalid(
                "password_1",
                "Please fill out all password fields.",
            ));
        }
        if new != again {
            return Err(AppError::invalid(
                "password_2",
                "New passwords do not match.",
            ));
        }
        check_new_password(new, email, &[first, last]).map_err(|problem| {
            AppError::refused(Refusal::WeakPassword {
                field: "password_1",
                message: problem.to_string(),
            })
        })?;
        let brakes = &self.inner.brakes;
        let reserved = brakes
            .reserve(
                BrakeKind::Login,
                vec![Attempt::new(
                    BrakeScope::LoginAccount,
                    me.user.email.as_str(),
                )],
            )
            .await?;
        let stored = self.inner.store.password_hash(me.user.id).await?;
        let current = if current.chars().count() > MAX_PASSWORD_CHARS {
            String::new()
        } else {
            current.to_owned()
        };
        let matched = match stored {
            Some(phc) if !current.is_empty() => password::verify_off_thread(current, phc).await,
            _ => false,
        };
        if !matched {
            return Err(AppError::refused(Refusal::IncorrectPassword));
        }
        brakes.release(reserved).await;
        Ok(Some(password::hash_off_thread(new.to_owned()).await?))
    }
}
