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
//! attribution), [`pages`] (what a product page shows), [`pricing`] (prices in the shopper's
//! currency with the shop's discounts, quoted through [`Shop`]) and [`rates`] (exchange rates
//! kept fresh from a `RateSource`, which pricing follows). Modules depend one way: `shop` on
//! the areas, `pages` on `catalogue` and `reviews`, `cart` and `reviews` on `catalogue`, `cart`
//! on `pricing`, `pricing` on `rates`.
//! Pricing, checkout, payments, search and the back office plug in the same way: a service
//! with its use cases, its ports added to [`Ports`].

pub mod accounts;
mod bounded;
pub mod brake;
pub mod cart;
pub mod catalogue;
pub mod catalogue_version;
pub mod checkout;
mod checkout_error;
pub mod checkout_sign_up;
mod clock;
pub mod content;
mod error;
pub mod feed;
pub mod media;
mod media_error;
pub mod my_account;
pub mod pages;
mod payment_method_error;
pub mod payment_methods;
pub mod pricing;
pub mod product_image;
mod quotes;
pub mod rates;
pub mod read_cache;
pub mod reviews;
pub mod search;
mod shop;
pub mod tracking;

pub use clock::{Clock, system_clock};
pub use error::{AppError, AppResult, Missing, Refusal};
pub use quotes::MAX_PRICED_PRODUCTS;
pub use shop::{Policies, Ports, Shop};
