//! Vitrine's application layer: the shop's use cases between the domain's rules and ports and
//! the web layer (ADR 0011). [`Shop`] is built with every port it needs ([`Ports`]), so a
//! missing adapter is a compile error in the binary, never a 500 at run time. Use cases return
//! [`AppError`] (domain errors plus "not found", "refused", "braked"); `vitrine-http` maps it to
//! the one error envelope in one place.
//!
//! Areas, each a service over its ports that [`Shop`] wires: [`catalogue`] (product reads,
//! listings, the taxonomy, the product cache), [`cart`] (load → price → check → save),
//! [`accounts`] (logins, sessions, nonces), [`reviews`] (moderation and the spam brake),
//! [`brake`] (attempts reserved in the shared brake store before the work they guard),
//! [`content`] (editable blocks), [`feed`] (the social feed), [`tracking`] (intake, consent,
//! attribution) and [`pages`] (what a product page shows). [`rates`] keeps exchange rates
//! fresh from a `RateSource` (a standalone service until pricing wires it into [`Shop`]). Modules depend one way: `shop` on
//! the areas, `pages` on `catalogue` and `reviews`, `cart` and `reviews` on `catalogue`.
//! Pricing, checkout, payments, search and the back office plug in the same way: a service
//! with its use cases, its ports added to [`Ports`].

pub mod accounts;
pub mod brake;
pub mod cart;
pub mod catalogue;
mod clock;
pub mod content;
mod error;
pub mod feed;
pub mod pages;
pub mod rates;
pub mod reviews;
mod shop;
pub mod tracking;

pub use clock::{Clock, system_clock};
pub use error::{AppError, AppResult, Missing, Refusal};
pub use shop::{Policies, Ports, Shop};
