//! HTTP and storage integration tests for vitrine-tracking, in one binary.

mod consent;
mod delivery;
mod intake;
mod landing;
mod receiver;
mod support;
