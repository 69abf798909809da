//! Sign-up (WooCommerce's "Register" form and "Create an account?" at checkout): a customer
//! account from an e-mail address and a password the rules accept, logged in at once.
//!
//! Brakes: every attempt that passes the form's checks counts on the client's sign-up brake
//! (`BrakeRule::SIGN_UP`: 3 at once, then 1 a minute) and on its login brake, the one logins
//! spend. A refused duplicate e-mail keeps both counts, so probing which addresses have an
//! account costs what guessing passwords costs; a sign-up that succeeds gives the login count
//! back (it was no guess) and keeps the sign-up count (accounts opened from one address).

use vitrine_domain::account::{
    Email, NewUser, Role, check_new_password, display_name, person_name,
};
use vitrine_domain::brake::{Attempt, BrakeScope};
use vitrine_domain::ports::StoreError;

use super::{Accounts, AuthToken, Login, password};
use crate::brake::BrakeKind;
use crate::error::{AppError, AppResult, Refusal};

/// WooCommerce's answer for an address that has an account already.
pub const EMAIL_EXISTS: &str =
    "An account is already registered with your email address. Please log in.";

/// What the Register form (or the checkout's "Create an account?") sends.
#[derive(Debug, Clone, Default)]
pub struct SignUp {
    pub email: String,
    pub password: String,
    pub first_name: String,
    pub last_name: String,
}

/// The form's field names for what a sign-up checks (checkout names them differently).
#[derive(Debug, Clone, Copy)]
pub struct SignUpFields {
    pub email: &'static str,
    pub password: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
}

impl SignUpFields {
    /// The Register form's (and the API's) names.
    pub const REGISTER: Self = Self {
        email: "email",
        password: "password",
        first_name: "first_name",
        last_name: "last_name",
    };
    /// The checkout form's names: the billing e-mail and names, `account_password`.
    pub const CHECKOUT: Self = Self {
        email: "billing_email",
        password: "account_password",
        first_name: "billing_first_name",
        last_name: "billing_last_name",
    };
}

impl Accounts {
    /// Opens a customer account and logs it in (ending `previous`, this browser's old session).
    pub async fn sign_up(
        &self,
        form: SignUp,
        fields: SignUpFields,
        client: &str,
        previous: Option<&AuthToken>,
    ) -> AppResult<Login> {
        let email = Email::parse(&form.email).map_err(|_| {
            AppError::invalid(fields.email, "Please provide a valid email address.")
        })?;
        let first =
            person_name(&form.first_name).map_err(|m| AppError::invalid(fields.first_name, m))?;
        let last =
            person_name(&form.last_name).map_err(|m| AppError::invalid(fields.last_name, m))?;
        check_new_password(&form.password, &email, &[&first, &last]).map_err(|problem| {
            AppError::refused(Refusal::WeakPassword {
                field: fields.password,
                message: problem.to_string(),
            })
        })?;
        let full = format!("{first} {last}");
        let shown = display_name(Some(full.trim()), &email)
            .map_err(|m| AppError::invalid(fields.first_name, m))?;

        let brakes = &self.inner.brakes;
        let opened = brakes
            .reserve(
                BrakeKind::SignUp,
                vec![Attempt::new(BrakeScope::SignUp, client)],
            )
            .await?;
        let guess = match brakes
            .reserve(
                BrakeKind::Login,
                vec![Attempt::new(BrakeScope::LoginClient, client)],
            )
            .await
        {
            Ok(guess) => guess,
            Err(braked) => {
                brakes.release(opened).await;
                return Err(braked);
            }
        };
        // `opened` stays counted whatever happens: it is the count of accounts opened here.
        drop(opened);

        let store = &self.inner.store;
        // A known address is refused before the slow hash, as the login brake already
        // counted this attempt; the conflict below catches a sign-up racing this one.
        if store.credentials(&email).await?.is_some() {
            return Err(email_taken(fields.email));
        }
        let phc = password::hash_off_thread(form.password).await?;
        let new = NewUser {
            email: email.clone(),
            display_name: shown.clone(),
            role: Role::Customer,
            password_hash: phc,
        };
        let mut user = match store.create_user(&new).await {
            Ok(user) => user,
            Err(StoreError::Conflict(_)) => return Err(email_taken(fields.email)),
            Err(other) => return Err(other.into()),
        };
        if !first.is_empty() || !last.is_empty() {
            let details = vitrine_domain::account::AccountDetails {
                first_name: first,
                last_name: last,
                display_name: shown,
                email,
            };
            if let Some(named) = store.update_details(user.id, &details).await? {
                user = named;
            }
        }
        brakes.release(guess).await;
        self.open_session(user, false, previous).await
    }
}

pub(super) fn email_taken(field: &'static str) -> AppError {
    AppError::refused(Refusal::EmailTaken {
        field,
        message: EMAIL_EXISTS,
    })
}
