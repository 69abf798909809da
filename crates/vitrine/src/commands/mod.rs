//! One module per subcommand; each parses its flags and calls into the library crates.

pub mod generate;
pub mod import;
pub mod openapi;
pub mod serve;
pub mod user;
