//! Structured logs: human-readable on a terminal, JSON lines otherwise or when asked.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

pub fn init(format: Option<&str>) {
    let filter = EnvFilter::try_from_env("VITRINE_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let json = match format {
        Some("json") => true,
        Some(_) => false,
        None => !std::io::stderr().is_terminal(),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second init (tests) is harmless; ignore the error.
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
