//! `vitrine generate-catalogue`: a synthetic WooCommerce CSV for load tests.

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Number of products.
    #[arg(long, default_value_t = 1000)]
    products: usize,
    /// Also emit one variable product with this many variations (over three attributes).
    #[arg(long)]
    variations: Option<usize>,
    /// Random seed, for repeatable catalogues.
    #[arg(long, default_value_t = 42)]
    seed: u64,
}

pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    let options = vitrine_import::GenerateOptions {
        products: args.products,
        variations: args.variations,
        seed: args.seed,
    };
    let stdout = std::io::stdout().lock();
    let summary = vitrine_import::write_catalogue_csv(stdout, &options)?;
    eprintln!(
        "generated {} products and {} variations",
        summary.products, summary.variations
    );
    Ok(())
}
