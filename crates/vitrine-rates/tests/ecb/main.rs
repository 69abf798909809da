//! The ECB client against a local fixture server on 127.0.0.1.

mod client;
mod fixture_server;
