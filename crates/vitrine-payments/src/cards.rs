//! Stripe's test cards (payments-anchors §4.4, §8.4.4): what each number does when charged or
//! set up, and the checks made when a card is entered (Luhn, expiry, CVC). A card number only
//! picks a profile here; it is never stored or logged (only brand, last four and expiry).

use serde::{Deserialize, Serialize};

/// Stripe's words for each refusal (the WooCommerce Stripe gateway's end-to-end tests expect
/// these strings), so the demo shows what production shows.
pub mod messages {
    pub const DECLINED: &str = "Your card was declined.";
    pub const INSUFFICIENT_FUNDS: &str = "Your card has insufficient funds.";
    pub const EXPIRED: &str = "Your card has expired.";
    pub const INCORRECT_CVC: &str = "Your card's security code is incorrect.";
    pub const PROCESSING_ERROR: &str =
        "An error occurred while processing your card. Try again in a little bit.";
    /// Stripe.js's text for a number failing the Luhn check (what shoppers see in WCS).
    pub const INVALID_NUMBER: &str = "Your card number is invalid.";
    pub const INVALID_EXPIRY_MONTH: &str = "Your card's expiration month is invalid.";
    pub const INVALID_EXPIRY_YEAR: &str = "Your card's expiration year is invalid.";
    pub const INVALID_CVC: &str = "Your card's security code is invalid.";
    pub const AUTHENTICATION_REQUIRED: &str =
        "Your card was declined. This transaction requires authentication.";
    pub const PAYMENT_AUTHENTICATION_FAILED: &str =
        "The provided PaymentMethod has failed authentication.";
    pub const SETUP_AUTHENTICATION_FAILED: &str =
        "The latest attempt to set up the payment method has failed because authentication failed.";
}

/// A refusal: Stripe's `code`, `decline_code` and message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decline {
    pub code: &'static str,
    pub decline_code: Option<&'static str>,
    pub message: &'static str,
}

const fn declined(decline_code: &'static str, message: &'static str) -> Decline {
    Decline {
        code: "card_declined",
        decline_code: Some(decline_code),
        message,
    }
}

pub const GENERIC_DECLINE: Decline = declined("generic_decline", messages::DECLINED);
pub const AUTHENTICATION_REQUIRED: Decline =
    declined("authentication_required", messages::AUTHENTICATION_REQUIRED);

/// What charging (or setting up) a card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    Succeeds,
    Declines(Decline),
    /// Saving the card works; every charge is declined (4000000000000341).
    AttachesThenDeclines,
    /// 3-D Secure, then `after`.
    Authenticates {
        after: Option<Decline>,
        when: AuthWhen,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthWhen {
    /// Every payment (4000002760003184, 4000000000003220).
    Always,
    /// On-session payments, and off-session ones unless the card was set up (4000002500003155).
    UnlessSetUp,
    /// On-session payments only; off-session ones succeed (4000003800000446).
    OnSessionOnly,
}

/// One test card: its profile name (stored on the payment method instead of the number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub name: &'static str,
    pub brand: &'static str,
    pub funding: &'static str,
    pub behaviour: Behaviour,
}

const fn card(name: &'static str, brand: &'static str, behaviour: Behaviour) -> Profile {
    Profile {
        name,
        brand,
        funding: "credit",
        behaviour,
    }
}

const fn three_ds(name: &'static str, after: Option<Decline>, when: AuthWhen) -> Profile {
    card(name, "visa", Behaviour::Authenticates { after, when })
}

use Behaviour::{AttachesThenDeclines, Declines, Succeeds};

/// `(number, profile)`, from Stripe's testing page as quoted in payments-anchors §4.4.
const CATALOGUE: &[(&str, Profile)] = &[
    ("4242424242424242", card("visa", "visa", Succeeds)),
    (
        "4000056655665556",
        Profile {
            funding: "debit",
            ..card("visa_debit", "visa", Succeeds)
        },
    ),
    (
        "5555555555554444",
        card("mastercard", "mastercard", Succeeds),
    ),
    ("378282246310005", card("amex", "amex", Succeeds)),
    ("6011111111111117", card("discover", "discover", Succeeds)),
    ("3566002020360505", card("jcb", "jcb", Succeeds)),
    (
        "4000000000000077",
        card("visa_available_balance", "visa", Succeeds),
    ),
    (
        "4000000000000002",
        card("charge_declined", "visa", Declines(GENERIC_DECLINE)),
    ),
    (
        "4000000000009995",
        card(
            "insufficient_funds",
            "visa",
            Declines(declined("insufficient_funds", messages::INSUFFICIENT_FUNDS)),
        ),
    ),
    (
        "4000000000009987",
        card(
            "lost_card",
            "visa",
            Declines(declined("lost_card", messages::DECLINED)),
        ),
    ),
    (
        "4000000000009979",
        card(
            "stolen_card",
            "visa",
            Declines(declined("stolen_card", messages::DECLINED)),
        ),
    ),
    (
        "4000000000000069",
        card(
            "expired_card",
            "visa",
            Declines(Decline {
                code: "expired_card",
                decline_code: Some("expired_card"),
                message: messages::EXPIRED,
            }),
        ),
    ),
    (
        "4000000000000127",
        card(
            "incorrect_cvc",
            "visa",
            Declines(Decline {
                code: "incorrect_cvc",
                decline_code: Some("incorrect_cvc"),
                message: messages::INCORRECT_CVC,
            }),
        ),
    ),
    (
        "4000000000000119",
        card(
            "processing_error",
            "visa",
            Declines(Decline {
                code: "processing_error",
                decline_code: Some("processing_error"),
                message: messages::PROCESSING_ERROR,
            }),
        ),
    ),
    (
        "4000000000000341",
        card("attach_then_decline", "visa", AttachesThenDeclines),
    ),
    (
        "4000002500003155",
        three_ds("authentication_unless_set_up", None, AuthWhen::UnlessSetUp),
    ),
    (
        "4000002760003184",
        three_ds("authentication_required", None, AuthWhen::Always),
    ),
    (
        "4000003800000446",
        three_ds("authentication_on_session", None, AuthWhen::OnSessionOnly),
    ),
    (
        "4000008260003178",
        three_ds(
            "authentication_then_insufficient_funds",
            Some(declined("insufficient_funds", messages::INSUFFICIENT_FUNDS)),
            AuthWhen::Always,
        ),
    ),
    (
        "4000000000003220",
        three_ds("three_d_secure_2_required", None, AuthWhen::Always),
    ),
    (
        "4000008400001629",
        three_ds(
            "authentication_then_declined",
            Some(GENERIC_DECLINE),
            AuthWhen::Always,
        ),
    ),
    (
        "4000000000003055",
        card("three_d_secure_supported", "visa", Succeeds),
    ),
    (
        "4000000000000259",
        card("dispute_fraudulent", "visa", Succeeds),
    ),
    (
        "4000000000002685",
        card("dispute_product_not_received", "visa", Succeeds),
    ),
    ("4000000000005126", card("refund_fails", "visa", Succeeds)),
];

/// Stripe's magic server-side payment method ids and the card each stands for.
const MAGIC_IDS: &[(&str, &str)] = &[
    ("pm_card_visa", "4242424242424242"),
    ("pm_card_visa_debit", "4000056655665556"),
    ("pm_card_mastercard", "5555555555554444"),
    ("pm_card_amex", "378282246310005"),
    ("pm_card_discover", "6011111111111117"),
    ("pm_card_jcb", "3566002020360505"),
    ("pm_card_chargeDeclined", "4000000000000002"),
    (
        "pm_card_chargeDeclinedInsufficientFunds",
        "4000000000009995",
    ),
    ("pm_card_chargeDeclinedLostCard", "4000000000009987"),
    ("pm_card_chargeDeclinedStolenCard", "4000000000009979"),
    ("pm_card_chargeDeclinedExpiredCard", "4000000000000069"),
    ("pm_card_chargeDeclinedIncorrectCvc", "4000000000000127"),
    ("pm_card_chargeDeclinedProcessingError", "4000000000000119"),
    ("pm_card_authenticationRequired", "4000002760003184"),
    ("pm_card_authenticationRequiredOnSetup", "4000002500003155"),
    ("pm_card_threeDSecure2Required", "4000000000003220"),
];

/// The profile of a card number (digits only); an unknown valid number succeeds, branded by
/// its first digits.
pub fn profile_for_number(number: &str) -> Profile {
    CATALOGUE
        .iter()
        .find(|(pan, _)| *pan == number)
        .map(|(_, profile)| *profile)
        .unwrap_or_else(|| card("generic", brand_of(number), Succeeds))
}

/// The profile stored on a payment method, by name.
pub fn profile_named(name: &str) -> Option<Profile> {
    if name == "generic" {
        return Some(card("generic", "unknown", Succeeds));
    }
    CATALOGUE
        .iter()
        .map(|(_, profile)| *profile)
        .find(|profile| profile.name == name)
}

/// A magic id's card number (`pm_card_visa` → 4242…).
pub fn magic_number(id: &str) -> Option<&'static str> {
    MAGIC_IDS
        .iter()
        .find(|(magic, _)| *magic == id)
        .map(|(_, number)| *number)
}

/// The brand by the number's first digits (IIN ranges of the networks Stripe names).
pub fn brand_of(number: &str) -> &'static str {
    let prefix = |len: usize| number.get(..len).and_then(|p| p.parse::<u32>().ok());
    match (prefix(1), prefix(2), prefix(4)) {
        (Some(4), _, _) => "visa",
        (_, Some(34 | 37), _) => "amex",
        (_, Some(51..=55), _) | (_, _, Some(2221..=2720)) => "mastercard",
        (_, Some(65), _) | (_, _, Some(6011)) => "discover",
        (_, _, Some(3528..=3589)) => "jcb",
        (_, Some(36 | 38 | 39), _) | (_, _, Some(3000..=3059)) => "diners",
        (_, Some(62), _) => "unionpay",
        _ => "unknown",
    }
}

/// The Luhn checksum every card number carries.
pub fn luhn_valid(number: &str) -> bool {
    let mut sum = 0;
    for (position, c) in number.chars().rev().enumerate() {
        let Some(digit) = c.to_digit(10) else {
            return false;
        };
        sum += if position % 2 == 1 {
            let doubled = digit * 2;
            if doubled > 9 { doubled - 9 } else { doubled }
        } else {
            digit
        };
    }
    !number.is_empty() && sum % 10 == 0
}

/// Card details as typed in the browser.
#[derive(Clone, Deserialize)]
pub struct CardInput {
    pub number: String,
    pub exp_month: u32,
    pub exp_year: u32,
    pub cvc: String,
}

impl std::fmt::Debug for CardInput {
    // Never print the number or the code.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CardInput")
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .finish_non_exhaustive()
    }
}

/// Why entered card details are refused before any charge: Stripe's code, message and the
/// field (`param`) to point at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct InvalidCard {
    pub code: &'static str,
    pub message: &'static str,
    pub param: &'static str,
}

/// What a valid card leaves behind: never the number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedCard {
    pub profile: Profile,
    pub brand: &'static str,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    /// Stripe's `card.fingerprint`: the same for every payment method made from this number.
    pub fingerprint: String,
}

/// Stripe's `card.fingerprint` for a card number: 16 characters, the same for every payment
/// method made from the number (so a shop can count attempts per card), and not the number.
pub fn fingerprint(number: &str) -> String {
    use sha2::{Digest, Sha256};
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let digest = Sha256::digest(format!("vitrine-test-provider-card:{digits}").as_bytes());
    hex::encode(digest.get(..8).unwrap_or_default())
}

/// Luhn, expiry (a two-digit year is in this century; the current month is still valid) and
/// CVC (three digits, four for American Express), as Stripe checks them.
pub fn check(card: &CardInput, now_year: i32, now_month: u8) -> Result<CheckedCard, InvalidCard> {
    let number: String = card
        .number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if !(12..=19).contains(&number.len()) || !luhn_valid(&number) {
        return Err(InvalidCard {
            code: "incorrect_number",
            message: messages::INVALID_NUMBER,
            param: "number",
        });
    }
    let invalid_month = InvalidCard {
        code: "invalid_expiry_month",
        message: messages::INVALID_EXPIRY_MONTH,
        param: "exp_month",
    };
    let invalid_year = InvalidCard {
        code: "invalid_expiry_year",
        message: messages::INVALID_EXPIRY_YEAR,
        param: "exp_year",
    };
    let month = u8::try_from(card.exp_month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or(invalid_month)?;
    let year = if card.exp_year < 100 {
        card.exp_year + 2000
    } else {
        card.exp_year
    };
    let year = i32::try_from(year).map_err(|_| invalid_year)?;
    if year < now_year || year > now_year + 50 {
        return Err(invalid_year);
    }
    if year == now_year && month < now_month {
        return Err(invalid_month);
    }
    let profile = profile_for_number(&number);
    let cvc_len = if profile.brand == "amex" { 4 } else { 3 };
    if card.cvc.len() != cvc_len || !card.cvc.chars().all(|c| c.is_ascii_digit()) {
        return Err(InvalidCard {
            code: "invalid_cvc",
            message: messages::INVALID_CVC,
            param: "cvc",
        });
    }
    Ok(CheckedCard {
        profile,
        brand: profile.brand,
        last4: number[number.len() - 4..].to_owned(),
        exp_month: month,
        exp_year: u16::try_from(year).map_err(|_| invalid_year)?,
        fingerprint: fingerprint(&number),
    })
}

#[cfg(test)]
#[path = "cards_tests.rs"]
mod tests;
