//! The generator's output loads with the importer's own parser.

use vitrine_domain::catalogue::ProductKind;
use vitrine_domain::money::Currency;

use super::*;
use crate::parse::parse_csv;
use crate::validate::plan;

fn generate(options: GenerateOptions) -> (Vec<u8>, GenerateSummary) {
    let mut out = Vec::new();
    let summary = write_catalogue_csv(&mut out, &options).expect("written");
    (out, summary)
}

#[test]
fn a_generated_catalogue_passes_the_importer_checks_with_the_usual_mix() {
    let (csv, summary) = generate(GenerateOptions {
        products: 1000,
        variations: None,
        seed: 7,
    });
    assert_eq!(summary.products, 1000);
    let plan = plan(
        parse_csv(csv.as_slice(), Currency::USD).expect("csv"),
        false,
    )
    .expect("generated rows are valid");
    assert_eq!(plan.products.len(), 1000);
    assert_eq!(plan.variations_seen, summary.variations);
    let count = |k| {
        plan.products
            .iter()
            .filter(|p| p.row.kind() == Some(k))
            .count()
    };
    assert!(
        (650..=750).contains(&count(ProductKind::Simple)),
        "{}",
        count(ProductKind::Simple)
    );
    assert!((150..=250).contains(&count(ProductKind::Variable)));
    assert!(count(ProductKind::Grouped) > 20 && count(ProductKind::External) > 20);
    for p in plan
        .products
        .iter()
        .filter(|p| p.row.kind() == Some(ProductKind::Variable))
    {
        assert!(
            (3..=12).contains(&p.variations.len()),
            "{}",
            p.variations.len()
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_file_and_another_seed_another() {
    let options = GenerateOptions {
        products: 50,
        variations: Some(20),
        seed: 1,
    };
    assert_eq!(generate(options).0, generate(options).0);
    assert_ne!(
        generate(options).0,
        generate(GenerateOptions { seed: 2, ..options }).0
    );
}

#[test]
fn one_product_can_carry_two_thousand_variations_over_three_attributes() {
    let (csv, summary) = generate(GenerateOptions {
        products: 0,
        variations: Some(2000),
        seed: 3,
    });
    assert_eq!(
        summary,
        GenerateSummary {
            products: 1,
            variations: 2000
        }
    );
    let plan = plan(
        parse_csv(csv.as_slice(), Currency::USD).expect("csv"),
        false,
    )
    .expect("valid");
    let big = &plan.products[0];
    assert_eq!(big.row.attributes.len(), 3);
    assert_eq!(big.variations.len(), 2000);
}
