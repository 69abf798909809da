//! "Create an account?" at checkout (issue 18 item 4, issue 15 item 1): the order's form is
//! checked first, so an order that cannot be placed opens no account; then the account is
//! opened from the billing e-mail and names with the chosen password (a taken e-mail is the
//! `billing_email` field's error and nothing is placed); then the order is placed for it.
//!
//! The new login is handed back whatever the order's own outcome: like WooCommerce, a card
//! refused after the account was opened leaves the shopper logged in to try again.

use crate::accounts::{AuthToken, Login, SignUp, SignUpFields};
use crate::checkout::{PlaceAnswer, PlaceOrder, PlaceRequest};
use crate::error::AppResult;
use crate::pricing::Shopper;
use crate::shop::Shop;

/// What placing an order with a new account gave: the login (once the account was opened)
/// and the order's answer.
#[derive(Debug)]
pub struct SignedUpOrder {
    pub login: Option<Login>,
    pub order: AppResult<PlaceAnswer>,
}

impl Shop {
    /// Places the order for a new customer account made from the billing details and
    /// `password` (the checkout's `account_password`).
    pub async fn place_order_signing_up(
        &self,
        form: PlaceOrder,
        mut req: PlaceRequest,
        password: String,
        previous: Option<&AuthToken>,
    ) -> SignedUpOrder {
        if let Err(refused) = self.checkout().check_order(&form, &req).await {
            return SignedUpOrder {
                login: None,
                order: Err(refused),
            };
        }
        let sign_up = SignUp {
            email: form.billing.email.clone(),
            password,
            first_name: form.billing.first_name.clone(),
            last_name: form.billing.last_name.clone(),
        };
        let login = match self
            .accounts()
            .sign_up(sign_up, SignUpFields::CHECKOUT, &req.client, previous)
            .await
        {
            Ok(login) => login,
            Err(refused) => {
                return SignedUpOrder {
                    login: None,
                    order: Err(refused),
                };
            }
        };
        req.customer_id = Some(login.user.id.0);
        req.shopper = Shopper::new(req.shopper.currency, Some(&login.user));
        let order = self.checkout().place_order(form, req).await;
        SignedUpOrder {
            login: Some(login),
            order,
        }
    }
}
