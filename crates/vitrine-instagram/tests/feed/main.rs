//! The Instagram client and cache against a fake Graph API on 127.0.0.1.

mod cache;
mod client;
mod fake_graph;
