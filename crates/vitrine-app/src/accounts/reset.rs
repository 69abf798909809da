//! "Lost your password?": a reset link by e-mail, then a new password.
//!
//! The request answers the same whether or not the address has an account (the e-mail is
//! sent in the background, so not even the time differs by a mail transport's round trip).
//! The link carries 32 random bytes; the store keeps only their SHA-256, one live link per
//! user, for `PASSWORD_RESET_LIFETIME` (24 hours, WordPress's). Using it sets the new
//! password, removes the link and ends every session of the account in one transaction, then
//! logs this browser in.

use std::fmt::Write as _;

use vitrine_domain::account::{Email, PASSWORD_RESET_LIFETIME, User, check_new_password};
use vitrine_domain::brake::{Attempt, BrakeScope};
use vitrine_domain::mail::OutgoingMail;

use super::{Accounts, AuthToken, Login, password};
use crate::brake::BrakeKind;
use crate::error::{AppError, AppResult, Refusal};

/// Where the e-mailed link leads (the key in its query).
pub const RESET_PATH: &str = "/my-account/lost-password/";

impl Accounts {
    /// Sends a reset link to the account of `login` (an e-mail address; this shop has no
    /// separate user names), if there is one. Braked per client and per address asked
    /// (`BrakeRule::PASSWORD_RESET`: 3 at once, then 1 a minute), known or not.
    pub async fn request_password_reset(&self, login: &str, client: &str) -> AppResult<()> {
        let login = login.trim();
        if login.is_empty() {
            return Err(AppError::invalid(
                "user_login",
                "Enter a username or email address.",
            ));
        }
        let email = Email::parse(login).ok();
        let subject = email
            .as_ref()
            .map_or_else(|| login.to_lowercase(), |e| e.as_str().to_owned());
        // Counted and kept: each request may send an e-mail.
        let _counted = self
            .inner
            .brakes
            .reserve(
                BrakeKind::PasswordReset,
                vec![
                    Attempt::new(BrakeScope::PasswordResetClient, client),
                    Attempt::new(BrakeScope::PasswordResetAccount, &subject),
                ],
            )
            .await?;
        let store = &self.inner.store;
        let found = match &email {
            Some(email) => store.credentials(email).await?.map(|c| c.user),
            None => None,
        };
        let Some(user) = found else {
            return Ok(());
        };
        let token = AuthToken::generate();
        let expires = self.now() + PASSWORD_RESET_LIFETIME;
        store
            .save_password_reset(&token.hash(), user.id, expires)
            .await?;
        let mail = self.reset_mail(&user, &token);
        let mailer = std::sync::Arc::clone(&self.inner.mail.mailer);
        tokio::spawn(async move {
            if let Err(error) = mailer.send(&mail).await {
                tracing::warn!(%error, "password reset e-mail not sent");
            }
        });
        Ok(())
    }

    /// The account a reset link is for, while it works (the reset form's check).
    pub async fn reset_link_user(&self, key: &str) -> AppResult<User> {
        let token = AuthToken::parse(key.trim())
            .ok_or_else(|| AppError::refused(Refusal::InvalidResetKey))?;
        let (user, expires) = self
            .inner
            .store
            .password_reset(&token.hash())
            .await?
            .ok_or_else(|| AppError::refused(Refusal::InvalidResetKey))?;
        if expires <= self.now() {
            return Err(AppError::refused(Refusal::ExpiredResetKey));
        }
        Ok(user)
    }

    /// Sets a new password with a reset link's key; the link stops working, every session of
    /// the account ends, and this browser is logged in. A refused password keeps the link.
    pub async fn reset_password(
        &self,
        key: &str,
        new_password: String,
        previous: Option<&AuthToken>,
    ) -> AppResult<Login> {
        let user = self.reset_link_user(key).await?;
        let names = [user.first_name.as_str(), user.last_name.as_str()];
        check_new_password(&new_password, &user.email, &names).map_err(|problem| {
            AppError::refused(Refusal::WeakPassword {
                field: "password",
                message: problem.to_string(),
            })
        })?;
        let token = AuthToken::parse(key.trim())
            .ok_or_else(|| AppError::refused(Refusal::InvalidResetKey))?;
        let phc = password::hash_off_thread(new_password).await?;
        let user = self
            .inner
            .store
            .use_password_reset(&token.hash(), &phc, self.now())
            .await?
            // Used (or expired) between the check and now: a second use never works.
            .ok_or_else(|| AppError::refused(Refusal::InvalidResetKey))?;
        self.open_session(user, false, previous).await
    }

    fn reset_mail(&self, user: &User, token: &AuthToken) -> OutgoingMail {
        let mail = &self.inner.mail;
        let shop = &mail.shop_name;
        let link = format!(
            "{}{RESET_PATH}?key={}",
            mail.public_url.trim_end_matches('/'),
            token.to_cookie_value()
        );
        let mut text = String::new();
        let hello = if user.first_name.is_empty() {
            user.display_name.as_str()
        } else {
            user.first_name.as_str()
        };
        let _ = writeln!(text, "Hi {hello},\n");
        let _ = writeln!(
            text,
            "Someone has requested a new password for the following account on {shop}:\n"
        );
        let _ = writeln!(text, "Email address: {}\n", user.email);
        let _ = writeln!(
            text,
            "If you didn't make this request, just ignore this email. If you'd like to proceed:\n"
        );
        let _ = writeln!(text, "Click here to reset your password: {link}\n");
        let _ = writeln!(
            text,
            "The link works once, within 24 hours.\n\nThanks for reading."
        );
        OutgoingMail {
            to: user.email.to_string(),
            subject: format!("Password Reset Request for {shop}"),
            text,
            html: None,
        }
    }
}
