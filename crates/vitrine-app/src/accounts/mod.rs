//! Accounts (ADR 0010): logging in with brakes on guessing (per client address and per
//! account, reserved before the password is checked), login sessions behind a token whose hash
//! alone is stored, the REST nonce, and the user's own settings. Customers sign up themselves
//! (`sign_up`), reset a lost password by e-mail (`reset`) and change their details
//! (`details`); staff are made with `vitrine user add`.

mod details;
pub mod password;
mod reset;
pub mod sign_up;
mod token;

use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_domain::account::{Email, MAX_PASSWORD_CHARS, User, session_expiry};
use vitrine_domain::brake::{Attempt, BrakeScope};
use vitrine_domain::mail::Mailer;
use vitrine_domain::ports::AccountStore;

pub use details::DetailsChange;
pub use sign_up::{SignUp, SignUpFields};
pub use token::AuthToken;

use crate::brake::{BrakeKind, Brakes};
use crate::clock::Clock;
use crate::error::{AppError, AppResult, Refusal};

/// What a login asks.
#[derive(Debug, Clone)]
pub struct Credentials {
    /// The account's email address, as typed.
    pub login: String,
    pub password: String,
    /// Stay logged in 14 days instead of 2.
    pub remember: bool,
}

/// A new login session: the token for the cookie, and until when it lasts.
#[derive(Debug, Clone)]
pub struct Login {
    pub user: User,
    pub token: AuthToken,
    pub expires_at: OffsetDateTime,
}

/// A login whose REST nonce checked out: allowed to change things.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub user: User,
    pub token: AuthToken,
}

/// Accounts through their port, with the brake on guessing. Cheap to clone.
#[derive(Clone)]
pub struct Accounts {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn AccountStore>,
    brakes: Brakes,
    clock: Clock,
    mail: AccountMail,
}

/// What the password reset e-mail needs: the transport, the shop's name and its public
/// address (the link's base).
#[derive(Clone)]
pub struct AccountMail {
    pub mailer: Arc<dyn Mailer>,
    pub shop_name: String,
    pub public_url: String,
}

impl Accounts {
    pub fn new(
        store: Arc<dyn AccountStore>,
        brakes: Brakes,
        clock: Clock,
        mail: AccountMail,
    ) -> Self {
        Self {
            inner: Arc::new(Inner {
                store,
                brakes,
                clock,
                mail,
            }),
        }
    }

    /// Opens a session for `user`, ending `previous` (this browser's old one).
    async fn open_session(
        &self,
        user: User,
        remember: bool,
        previous: Option<&AuthToken>,
    ) -> AppResult<Login> {
        let store = &self.inner.store;
        if let Some(old) = previous {
            store.delete_session(&old.hash()).await?;
        }
        let token = AuthToken::generate();
        let expires_at = session_expiry(self.now(), remember);
        store
            .create_session(&token.hash(), user.id, expires_at)
            .await?;
        Ok(Login {
            user,
            token,
            expires_at,
        })
    }

    fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    /// Checks credentials and opens a session, ending `previous` (this browser's old one).
    /// Before the password is looked at, one attempt is reserved on `client`'s brake and on
    /// the account's (by normalised email, known or not), together and atomically, so parallel
    /// guesses cannot all pass a count spent afterwards (`BrakeRule::LOGIN` each: 10 at once,
    /// then 5 a minute). A login that succeeds gives both back: successes never count.
    pub async fn log_in(
        &self,
        credentials: Credentials,
        client: &str,
        previous: Option<&AuthToken>,
    ) -> AppResult<Login> {
        if credentials.login.trim().is_empty() {
            return Err(AppError::invalid("login", "Enter your email address."));
        }
        if credentials.password.is_empty() {
            return Err(AppError::invalid("password", "Enter your password."));
        }
        let email = Email::parse(&credentials.login).ok();
        // Unknown and malformed logins are counted like real ones, so the brake says nothing
        // about which accounts exist.
        let account = email.as_ref().map_or_else(
            || credentials.login.trim().to_lowercase(),
            |e| e.as_str().to_owned(),
        );
        let brakes = &self.inner.brakes;
        let reserved = brakes
            .reserve(
                BrakeKind::Login,
                vec![
                    Attempt::new(BrakeScope::LoginClient, client),
                    Attempt::new(BrakeScope::LoginAccount, &account),
                ],
            )
            .await?;
        let store = &self.inner.store;
        let found = match &email {
            Some(email) => store.credentials(email).await?,
            None => None,
        };
        // An over-long password is checked as an empty one: same cost, never a match.
        let password = if credentials.password.chars().count() > MAX_PASSWORD_CHARS {
            String::new()
        } else {
            credentials.password
        };
        let phc = found.as_ref().map(|c| c.password_hash.clone());
        let matched = !password.is_empty() && password::verify_login(password, phc).await;
        let Some(user) = found.filter(|_| matched).map(|c| c.user) else {
            return Err(AppError::refused(Refusal::InvalidCredentials));
        };
        brakes.release(reserved).await;
        self.open_session(user, credentials.remember, previous)
            .await
    }

    /// The user of a live session, if the token names one.
    pub async fn session_user(&self, token: &AuthToken) -> AppResult<Option<User>> {
        let store = &self.inner.store;
        Ok(store.session_user(&token.hash(), self.now()).await?)
    }

    /// A session allowed to change things: a live login plus its REST nonce. Like WordPress,
    /// a cookie without a nonce counts as not logged in, so a page on another site cannot act
    /// with the visitor's cookie.
    pub async fn signed_in(
        &self,
        token: Option<AuthToken>,
        nonce: Option<&str>,
    ) -> AppResult<SignedIn> {
        let not_logged_in = || AppError::refused(Refusal::NotLoggedIn);
        let (Some(token), Some(nonce)) = (token, nonce) else {
            return Err(not_logged_in());
        };
        let user = self.session_user(&token).await?.ok_or_else(not_logged_in)?;
        if !token.verify_nonce(nonce, self.now()) {
            return Err(AppError::refused(Refusal::InvalidNonce));
        }
        Ok(SignedIn { user, token })
    }

    /// Ends a session.
    pub async fn log_out(&self, token: &AuthToken) -> AppResult<()> {
        Ok(self.inner.store.delete_session(&token.hash()).await?)
    }

    /// Hides (or shows again) the coming-soon banner for this user (spec §7).
    pub async fn dismiss_coming_soon_banner(
        &self,
        user: &mut User,
        dismissed: bool,
    ) -> AppResult<()> {
        self.inner
            .store
            .set_coming_soon_banner_dismissed(user.id, dismissed)
            .await?;
        user.coming_soon_banner_dismissed = dismissed;
        Ok(())
    }
}
