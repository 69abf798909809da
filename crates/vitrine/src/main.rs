//! `vitrine`: the shop binary — serve the storefront, import catalogues, generate test data.

mod allocator;
mod commands;
mod config;
mod demo_secret;
mod logging;

use std::process::ExitCode;

/// mimalloc instead of glibc's allocator (ADR 0039): per-thread free lists without the arena
/// locks that glibc's malloc took on every request's allocations under load.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "vitrine",
    version,
    about = "A self-hosted online shop in one binary"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the shop (storefront, API, media).
    Serve(commands::serve::ServeArgs),
    /// Import a catalogue into the database.
    #[command(subcommand)]
    Import(commands::import::ImportCommand),
    /// Write a generated catalogue as WooCommerce CSV to stdout (for benchmarks).
    GenerateCatalogue(commands::generate::GenerateArgs),
    /// Print the OpenAPI document.
    Openapi,
    /// Manage the users who may log in (staff who edit pages, see the admin bar…).
    #[command(subcommand)]
    User(commands::user::UserCommand),
}

fn main() -> ExitCode {
    allocator::purge_sooner();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => return fail(&anyhow::Error::from(err)),
    };
    let result = runtime.block_on(async {
        match cli.command {
            Command::Serve(args) => commands::serve::run(args).await,
            Command::Import(cmd) => commands::import::run(cmd).await,
            Command::GenerateCatalogue(args) => commands::generate::run(args),
            Command::Openapi => commands::openapi::run(),
            Command::User(cmd) => commands::user::run(cmd).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&err),
    }
}

/// Non-zero exit with a one-line reason on stderr.
fn fail(err: &anyhow::Error) -> ExitCode {
    eprintln!("vitrine: {err:#}");
    ExitCode::FAILURE
}
