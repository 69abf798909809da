//! `vitrine import woocommerce-csv FILE`: all-or-nothing catalogue import.

use std::path::PathBuf;

use anyhow::Context;

use crate::config::{self, DatabaseArgs};

#[derive(Debug, clap::Subcommand)]
pub enum ImportCommand {
    /// Import a WooCommerce product CSV export (matched by ID, then SKU; re-running changes nothing).
    WoocommerceCsv(CsvArgs),
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
    let ImportCommand::WoocommerceCsv(args) = cmd;
    let settings = config::resolve(&args.db, None)?;
    let file = std::fs::File::open(&args.file)
        .with_context(|| format!("cannot open {}", args.file.display()))?;
    let db = vitrine_store::Database::connect(&settings.database_url)
        .await
        .with_context(|| format!("cannot open database {}", settings.database_url))?;
    db.migrate().await.context("database migration failed")?;
    let store = db.catalogue();
    let currency = settings.shop.base_currency;
    let options = vitrine_import::ImportOptions {
        skip_invalid_rows: args.skip_invalid_rows,
        ..vitrine_import::ImportOptions::new(currency)
    };
    let progress = vitrine_import::TerminalProgress::new();
    let result = vitrine_import::import_woocommerce_csv(file, &store, options, &progress).await;
    db.close().await;
    let report = result.map_err(|err| {
        anyhow::anyhow!(
            "import of {} failed; nothing was changed\n{err}",
            args.file.display()
        )
    })?;
    for issue in report.warnings.iter() {
        eprintln!("warning: {issue}");
    }
    for issue in report.skipped.iter() {
        eprintln!("skipped: {issue}");
    }
    println!("{report}");
    Ok(())
}
