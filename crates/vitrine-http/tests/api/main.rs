//! HTTP integration tests: the real router over a temporary SQLite database (one binary).

mod accounts;
mod blocks;
mod cart_add;
mod cart_app;
mod cart_concurrency;
mod cart_errors;
mod cart_instances;
mod cart_session;
mod cart_shopper;
mod cart_update;
mod coming_soon;
mod errors;
mod fixtures;
mod health;
mod helpers;
mod instagram;
mod media;
mod openapi;
mod pages;
mod products;
mod reviews;
mod sample;
mod storefront;
mod tracking;
mod variations;
