//! Vitrine's application layer: the shop's use cases between the domain's rules and ports and
//! the web layer (ADR 0011). [`Shop`] is built with every port it needs ([`Ports`]), so a
//! missing adapter is a compile error in the binary, never a 500 at run time. Use cases return
//! [`AppError`] (domain errors plus "not found", "refused", "braked"); `vitrine-http` maps it to
//! the one error envelope in one place.
//!
//! Areas: [`catalogue`] (product reads, listings, the taxonomy and the product page's parts),
//! [`cart`] (load → price → check → save), [`accounts`] (logins, sessions, nonces), [`reviews`]
//! (moderation and the spam brake), [`content`] (editable blocks) and [`feed`] (the social feed).
//! Pricing, checkout, payments, search and the back office plug in here the same way: a
//! module with its use cases, its ports added to [`Ports`].

pub mod accounts;
pub mod brake;
pub mod cart;
pub mod catalogue;
pub mod content;
mod error;
pub mod feed;
pub mod reviews;
mod shop;
pub mod tracking;

pub use error::{AppError, AppResult, Missing, Refusal};
pub use shop::{
    Clock, LOGIN_BURST, LOGINS_PER_MINUTE, Policies, Ports, REVIEWS_BURST, REVIEWS_PER_MINUTE,
    Shop, system_clock,
};
