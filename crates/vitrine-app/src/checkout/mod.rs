//! Checkout, orders and card payments (ADR 0014).
//!
//! SKELETON (issue 18): the policy is the contract between the configuration and the use
//! cases; the use cases arrive with the orders work.

mod policy;

pub use policy::CheckoutPolicy;
