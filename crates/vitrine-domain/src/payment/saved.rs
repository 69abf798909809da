//! Saved payment methods (issue 15, "Saved cards"): a customer's link to the provider's
//! customer object (`cus_…`, made on first need) and the cards they kept, as the provider's
//! payment-method id plus what a list shows — brand, last four, expiry, the default flag.
//! Never a card number: the provider keeps the card, the shop keeps its id.
//!
//! Ownership is the rule every use goes through: a method belongs to one account, and any
//! other account asking for it is told it does not exist ([`owned_by`]).

use async_trait::async_trait;

use super::types::PaymentMethod;
use crate::account::UserId;
use crate::ports::StoreError;

/// One saved card of one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedMethod {
    pub user: UserId,
    /// The provider's id (`pm_…`): what a payment is made with.
    pub method_id: String,
    pub card: SavedCard,
    /// The card checkout picks first; an account with saved cards has exactly one.
    pub is_default: bool,
    /// Unix seconds.
    pub created_at: i64,
}

/// What is shown of a saved card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedCard {
    /// The provider's brand name: "visa", "mastercard", "amex", …
    pub brand: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
}

impl SavedCard {
    /// The display part of a provider's payment method (the only part kept).
    pub fn of(method: &PaymentMethod) -> Self {
        Self {
            brand: method.card.brand.clone(),
            last4: method.card.last4.clone(),
            exp_month: method.card.exp_month,
            exp_year: method.card.exp_year,
        }
    }

    /// WooCommerce's card label (`wc_get_credit_card_type_label`).
    pub fn brand_label(&self) -> String {
        match self.brand.to_ascii_lowercase().as_str() {
            "visa" => "Visa".to_owned(),
            "mastercard" => "Mastercard".to_owned(),
            "amex" | "american express" => "American Express".to_owned(),
            "discover" => "Discover".to_owned(),
            "jcb" => "JCB".to_owned(),
            "diners" | "diners club" => "Diners Club".to_owned(),
            "unionpay" => "UnionPay".to_owned(),
            "" | "unknown" => "Card".to_owned(),
            other => {
                let mut chars = other.chars();
                chars.next().map_or_else(String::new, |first| {
                    first.to_uppercase().chain(chars).collect::<String>()
                })
            }
        }
    }

    /// "Visa ending in 4242" (WooCommerce's "%1$s ending in %2$s").
    pub fn display_name(&self) -> String {
        format!("{} ending in {}", self.brand_label(), self.last4)
    }

    /// "12/30": month and the year's last two digits, as the payment methods table shows.
    pub fn expires(&self) -> String {
        format!("{:02}/{:02}", self.exp_month, self.exp_year % 100)
    }

    /// Past its expiry month (a card works through the last day of its month).
    pub fn is_expired(&self, year: i32, month: u8) -> bool {
        (i32::from(self.exp_year), self.exp_month) < (year, month)
    }
}

/// The saved method when it belongs to `user`; `None` when it is unknown or another
/// account's — the two answers must look the same (404, nothing revealed).
pub fn owned_by(found: Option<SavedMethod>, user: UserId) -> Option<SavedMethod> {
    found.filter(|m| m.user == user)
}

/// The account's default method, else its newest (what checkout selects first).
pub fn preferred(methods: &[SavedMethod]) -> Option<&SavedMethod> {
    methods
        .iter()
        .find(|m| m.is_default)
        .or_else(|| methods.iter().max_by_key(|m| m.created_at))
}

/// Where saved methods and the provider-customer links are kept.
#[async_trait]
pub trait SavedMethodStore: Send + Sync + 'static {
    /// The provider customer (`cus_…`) linked to the account, if any.
    async fn provider_customer(&self, user: UserId) -> Result<Option<String>, StoreError>;

    /// Links `customer` to the account unless one is linked already; answers the linked one
    /// (so two requests racing to make a customer end up using the same).
    async fn link_provider_customer(
        &self,
        user: UserId,
        customer: &str,
        now: i64,
    ) -> Result<String, StoreError>;

    /// The account's methods, oldest first.
    async fn saved_methods(&self, user: UserId) -> Result<Vec<SavedMethod>, StoreError>;

    /// A method by its provider id, whoever owns it (callers apply [`owned_by`]).
    async fn saved_method(&self, method_id: &str) -> Result<Option<SavedMethod>, StoreError>;

    /// Keeps `method` (by its provider id: saving it again refreshes the card's display
    /// data). It becomes the default when `method.is_default` or when it is the account's
    /// first; the account's other methods then lose the flag. `Conflict` when the id is
    /// another account's.
    async fn save_method(&self, method: &SavedMethod) -> Result<SavedMethod, StoreError>;

    /// Removes the account's method; when it was the default, the newest remaining one
    /// becomes the default. `None` when the account has no such method.
    async fn delete_method(
        &self,
        user: UserId,
        method_id: &str,
    ) -> Result<Option<SavedMethod>, StoreError>;

    /// Makes the account's method its default; `false` when the account has no such method.
    async fn set_default_method(&self, user: UserId, method_id: &str) -> Result<bool, StoreError>;

    /// Puts `new` in place of the account's `old` method in one transaction, keeping its
    /// default flag. `None` (nothing changed) when the account has no `old`.
    async fn replace_method(
        &self,
        user: UserId,
        old: &str,
        new: &SavedMethod,
    ) -> Result<Option<SavedMethod>, StoreError>;
}

#[cfg(test)]
#[path = "saved_tests.rs"]
mod tests;
