//! Variable products of a generated catalogue: the usual Color × Size ones and one product
//! with N variations over three attributes for the large-variation benchmark.

use std::collections::HashMap;
use std::io::Write;

use super::words::{COLOURS, SIZES};
use super::{Generator, Line, image};

impl<W: Write> Generator<W> {
    /// Color × Size, 3–12 of the combinations.
    pub(super) fn variable(&mut self, i: usize) -> Result<(), csv::Error> {
        let (colour_count, size_count) = (self.rng_count(2, 4), self.rng_count(2, 4));
        let colours = self.rng.subset(&COLOURS, colour_count);
        let sizes = self.rng.subset(&SIZES, size_count);
        let wanted = self.rng_count(3, 12).min(colours.len() * sizes.len());
        let combos: Vec<Vec<String>> = colours
            .iter()
            .flat_map(|c| {
                sizes
                    .iter()
                    .map(move |s| vec![(*c).to_owned(), (*s).to_owned()])
            })
            .take(wanted)
            .collect();
        let options = [("Color", colours.join(", ")), ("Size", sizes.join(", "))];
        self.variable_rows(i, &options, &combos)
    }

    /// One product with `n` variations over Color × Size × Material.
    pub(super) fn big_variable(&mut self, i: usize, n: usize) -> Result<(), csv::Error> {
        let k = (1..).find(|k: &usize| k.pow(3) >= n).unwrap_or(1);
        let values = |prefix: &str| -> Vec<String> {
            (1..=k)
                .map(|j| match (prefix, COLOURS.get(j - 1)) {
                    ("Colour", Some(c)) => (*c).to_owned(),
                    _ => format!("{prefix} {j}"),
                })
                .collect()
        };
        let (colours, sizes, materials) = (values("Colour"), values("Size"), values("Material"));
        let mut combos = Vec::with_capacity(n);
        'all: for c in &colours {
            for s in &sizes {
                for m in &materials {
                    if combos.len() == n {
                        break 'all;
                    }
                    combos.push(vec![c.clone(), s.clone(), m.clone()]);
                }
            }
        }
        let options = [
            ("Color", colours.join(", ")),
            ("Size", sizes.join(", ")),
            ("Material", materials.join(", ")),
        ];
        self.variable_rows(i, &options, &combos)
    }

    fn variable_rows(
        &mut self,
        i: usize,
        options: &[(&str, String)],
        combos: &[Vec<String>],
    ) -> Result<(), csv::Error> {
        const NAMES: [&str; 3] = ["Attribute 1 name", "Attribute 2 name", "Attribute 3 name"];
        const VALUES: [&str; 3] = [
            "Attribute 1 value(s)",
            "Attribute 2 value(s)",
            "Attribute 3 value(s)",
        ];
        const FLAGS: [[&str; 2]; 3] = [
            ["Attribute 1 visible", "Attribute 1 global"],
            ["Attribute 2 visible", "Attribute 2 global"],
            ["Attribute 3 visible", "Attribute 3 global"],
        ];
        let (mut parent, slug) = self.base(i, "variable");
        let name = parent.get("Name").cloned().unwrap_or_default();
        let sku = format!("gen-{i:06}");
        for (n, (attribute, values)) in options.iter().enumerate() {
            parent.insert(NAMES[n], (*attribute).to_owned());
            parent.insert(VALUES[n], values.clone());
            parent.insert(FLAGS[n][0], "1".into());
            parent.insert(FLAGS[n][1], "1".into());
        }
        self.emit(&parent)?;
        self.summary.products += 1;
        for (position, combo) in combos.iter().enumerate() {
            let mut line: Line = HashMap::new();
            line.insert("Type", "variation".into());
            line.insert("SKU", format!("{sku}-{}", position + 1));
            line.insert("Name", format!("{name} - {}", combo.join(", ")));
            line.insert("Published", "1".into());
            line.insert("In stock?", "1".into());
            line.insert("Parent", sku.clone());
            line.insert("Position", position.to_string());
            line.insert("Images", image(&slug, &combo[0]));
            self.priced(&mut line);
            for (n, value) in combo.iter().enumerate() {
                line.insert(NAMES[n], options[n].0.to_owned());
                line.insert(VALUES[n], value.clone());
            }
            self.emit(&line)?;
            self.summary.variations += 1;
        }
        Ok(())
    }
}
