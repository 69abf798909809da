//! `vitrine import woocommerce-csv FILE` (catalogue) and `vitrine import reviews-csv FILE`
//! (product reviews): all-or-nothing imports.

use std::path::PathBuf;

use anyhow::Context;

use crate::config::{self, DatabaseArgs};

#[derive(Debug, clap::Subcommand)]
pub enum ImportCommand {
    /// Import a WooCommerce product CSV export (matched by ID, then SKU; re-running changes nothing).
    WoocommerceCsv(CsvArgs),
    /// Import product reviews from a CSV (columns product, author, email, rating, date,
    /// verified_owner, status, text; see docs/import.md). All-or-nothing; re-running adds nothing.
    ReviewsCsv(ReviewsCsvArgs),
}

#[derive(Debug, clap::Args)]
pub struct ReviewsCsvArgs {
    /// The CSV file.
    file: PathBuf,
    #[command(flatten)]
    db: DatabaseArgs,
}

#[derive(Debug, clap::Args)]
pub struct CsvArgs {
    /// The CSV file.
    file: PathBuf,
    /// Import the valid rows and report the invalid ones instead of importing nothing.
    #[arg(long)]
    skip_invalid_rows: bool,
    #[command(flatten)]
    db: DatabaseArgs,
}

pub async fn run(cmd: ImportCommand) -> anyhow::Result<()> {
    match cmd {
        ImportCommand::WoocommerceCsv(args) => import_products(args).await,
        ImportCommand::ReviewsCsv(args) => import_reviews(args).await,
    }
}

/// The settings, the opened input file and the migrated database every import starts from.
async fn open(
    db: &DatabaseArgs,
    file: &std::path::Path,
) -> anyhow::Result<(config::Resolved, std::fs::File, vitrine_store::Database)> {
    let settings = config::resolve(db, None)?;
    let input =
        std::fs::File::open(file).with_context(|| format!("cannot open {}", file.display()))?;
    let database = vitrine_store::Database::connect(&settings.database_url)
        .await
        .with_context(|| format!("cannot open database {}", settings.database_url))?;
    database
        .migrate()
        .await
        .context("database migration failed")?;
    Ok((settings, input, database))
}

/// An import refused as a whole: all-or-nothing, so the database is as it was.
fn failed(file: &std::path::Path, err: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!(
        "import of {} failed; nothing was changed\n{err}",
        file.display()
    )
}

async fn import_reviews(args: ReviewsCsvArgs) -> anyhow::Result<()> {
    let (settings, file, db) = open(&args.db, &args.file).await?;
    let catalogue = db.catalogue(settings.shop.base_currency);
    let result = vitrine_import::import_reviews_csv(file, &catalogue, &db.reviews()).await;
    db.close().await;
    let report = result.map_err(|err| failed(&args.file, err))?;
    println!("{report}");
    Ok(())
}

async fn import_products(args: CsvArgs) -> anyhow::Result<()> {
    let (settings, file, db) = open(&args.db, &args.file).await?;
    let currency = settings.shop.base_currency;
    let store = db.catalogue(currency);
    let options = vitrine_import::ImportOptions {
        skip_invalid_rows: args.skip_invalid_rows,
        ..vitrine_import::ImportOptions::new(currency)
    };
    let progress = vitrine_import::TerminalProgress::new();
    let result = vitrine_import::import_woocommerce_csv(file, &store, options, &progress).await;
    db.close().await;
    let report = result.map_err(|err| failed(&args.file, err))?;
    for issue in report.warnings.iter() {
        eprintln!("warning: {issue}");
    }
    for issue in report.skipped.iter() {
        eprintln!("skipped: {issue}");
    }
    println!("{report}");
    Ok(())
}
