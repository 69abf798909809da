//! A generator of large, realistic catalogues written as WooCommerce product CSV, so the same
//! importer loads them (`vitrine generate-catalogue --products 100000 > big.csv`).

mod variable;
pub mod words;

use std::collections::HashMap;
use std::io::Write;

use words::{ADJECTIVES, CATEGORIES, COLOURS, MATERIALS, NOUNS, Rng, TAGS};

/// What to generate. The same options always give the same file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Products in the usual mix: 70% simple, 20% variable (3–12 variations), 5% grouped,
    /// 5% external.
    pub products: usize,
    /// Adds one variable product with this many variations over 3 attributes.
    pub variations: Option<usize>,
    pub seed: u64,
}

/// Rows written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenerateSummary {
    pub products: usize,
    pub variations: usize,
}

const HEADER: [&str; 33] = [
    "Type",
    "SKU",
    "Name",
    "Published",
    "Is featured?",
    "Visibility in catalog",
    "Short description",
    "Description",
    "In stock?",
    "Stock",
    "Sale price",
    "Regular price",
    "Categories",
    "Tags",
    "Images",
    "Parent",
    "Grouped products",
    "External URL",
    "Button text",
    "Position",
    "Weight (lbs)",
    "Attribute 1 name",
    "Attribute 1 value(s)",
    "Attribute 1 visible",
    "Attribute 1 global",
    "Attribute 2 name",
    "Attribute 2 value(s)",
    "Attribute 2 visible",
    "Attribute 2 global",
    "Attribute 3 name",
    "Attribute 3 value(s)",
    "Attribute 3 visible",
    "Attribute 3 global",
];

pub(crate) type Line = HashMap<&'static str, String>;

/// Writes the catalogue as CSV (header first) and says how many rows of each kind it wrote.
pub fn write_catalogue_csv<W: Write>(
    out: W,
    options: &GenerateOptions,
) -> Result<GenerateSummary, csv::Error> {
    let mut g = Generator {
        csv: csv::Writer::from_writer(out),
        rng: Rng::new(options.seed),
        summary: GenerateSummary::default(),
        simple_skus: Vec::new(),
    };
    g.csv.write_record(HEADER)?;
    for i in 1..=options.products {
        g.product(i)?;
    }
    if let Some(n) = options.variations {
        g.big_variable(options.products + 1, n)?;
    }
    g.csv.flush()?;
    Ok(g.summary)
}

pub(crate) struct Generator<W: Write> {
    csv: csv::Writer<W>,
    pub(crate) rng: Rng,
    pub(crate) summary: GenerateSummary,
    simple_skus: Vec<String>,
}

fn money(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

pub(crate) fn image(slug: &str, colour: &str) -> String {
    let colour = colour.to_lowercase().replace(' ', "-");
    format!("https://images.example.invalid/{slug}-{colour}-1.jpg")
}

impl<W: Write> Generator<W> {
    pub(crate) fn emit(&mut self, line: &Line) -> Result<(), csv::Error> {
        self.csv.write_record(
            HEADER
                .iter()
                .map(|h| line.get(h).map_or("", String::as_str)),
        )
    }

    /// The columns every product row shares.
    pub(crate) fn base(&mut self, i: usize, kind: &str) -> (Line, String) {
        let name = format!(
            "{} {} {} {i}",
            self.rng.pick(&ADJECTIVES),
            self.rng.pick(&MATERIALS),
            self.rng.pick(&NOUNS)
        );
        let slug = name.to_lowercase().replace(' ', "-");
        let (top, subs) = self.rng.pick(&CATEGORIES);
        let colour = *self.rng.pick(&COLOURS);
        let tag_count = self.rng_count(0, 2);
        let tags = self.rng.subset(&TAGS, tag_count);
        let mut line: Line = HashMap::new();
        for (column, value) in [
            ("Type", kind.to_owned()),
            ("SKU", format!("gen-{i:06}")),
            ("Name", name.clone()),
            ("Published", "1".into()),
            ("Is featured?", u8::from(self.rng.chance(5)).to_string()),
            ("Visibility in catalog", "visible".into()),
            (
                "Short description",
                format!("A {} {}.", colour.to_lowercase(), name),
            ),
            (
                "Description",
                format!("{name}.\\nMade to last, generated for benchmarks."),
            ),
            ("In stock?", "1".into()),
            ("Categories", format!("{top} > {}", self.rng.pick(subs))),
            ("Tags", tags.join(", ")),
            ("Images", image(&slug, colour)),
            ("Weight (lbs)", money(self.rng.range(10, 500))),
        ] {
            line.insert(column, value);
        }
        (line, slug)
    }

    pub(crate) fn rng_count(&mut self, low: usize, high: usize) -> usize {
        self.rng.range(low as u64, high as u64) as usize
    }

    pub(crate) fn priced(&mut self, line: &mut Line) -> u64 {
        let regular = self.rng.range(5, 200) * 100 - 1;
        line.insert("Regular price", money(regular));
        if self.rng.chance(15) {
            line.insert("Sale price", money(regular * 8 / 10));
        }
        if self.rng.chance(30) {
            line.insert("Stock", self.rng.range(0, 100).to_string());
        }
        regular
    }

    fn product(&mut self, i: usize) -> Result<(), csv::Error> {
        match self.rng.range(0, 99) {
            0..=69 => self.simple(i),
            70..=89 => self.variable(i),
            90..=94 if self.simple_skus.len() >= 3 => self.grouped(i),
            90..=94 => self.simple(i),
            _ => self.external(i),
        }
    }

    fn simple(&mut self, i: usize) -> Result<(), csv::Error> {
        let (mut line, _) = self.base(i, "simple");
        self.priced(&mut line);
        self.simple_skus.push(format!("gen-{i:06}"));
        self.summary.products += 1;
        self.emit(&line)
    }

    fn external(&mut self, i: usize) -> Result<(), csv::Error> {
        let (mut line, slug) = self.base(i, "external");
        self.priced(&mut line);
        line.insert(
            "External URL",
            format!("https://partner.example.invalid/{slug}"),
        );
        line.insert("Button text", "Buy from our partner".into());
        self.summary.products += 1;
        self.emit(&line)
    }

    fn grouped(&mut self, i: usize) -> Result<(), csv::Error> {
        let (mut line, _) = self.base(i, "grouped");
        let count = self.rng_count(2, 4).min(self.simple_skus.len());
        let start = self.rng_count(0, self.simple_skus.len() - count);
        line.insert(
            "Grouped products",
            self.simple_skus[start..start + count].join(", "),
        );
        self.summary.products += 1;
        self.emit(&line)
    }
}

#[cfg(test)]
mod tests;
