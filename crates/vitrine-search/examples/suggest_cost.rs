//! The CPU cost of one suggestion that no cache can answer (issue 13 item 7), single-threaded,
//! for relative before/after comparisons on a busy machine (figures for docs/benchmarks.md are
//! taken with bench/search.sh on a quiet one).
//!
//! Builds an in-memory index of N generated products of the shapes `vitrine
//! generate-catalogue` writes, from its word lists (`vitrine_import::catalogue_words`; seed 13:
//! "Classic Cotton Hoodie 42", SKU gen-000042, variations gen-000042-1…, two category levels,
//! tags, colours and sizes), staged in rank-key order as the server's full build does, then
//! times many distinct queries of each kind and prints the thread's CPU time per query (mean;
//! the steadier figure on a loaded machine) and the wall clock's mean, p50 and p99 in
//! microseconds.
//!
//! ```text
//! cargo run --release -p vitrine-search --example suggest_cost -- 10000 100000
//! cargo run --release -p vitrine-search --example suggest_cost -- 100000 --dump top.txt
//! ```
//! `--dump FILE` writes every query's top 10 ids, to compare two versions' rankings;
//! `--kind BEGINNING` times only the kinds whose name begins so, `--rounds N` (3) asks each
//! query N times (for a profile of one kind), `--slowest N` prints each kind's N costliest
//! queries (their fastest round);
//! `--dir DIR` builds the index on disk in DIR/N (a new directory: `du` it for the size), or
//! searches the one built there before; `--query TEXT` (repeatable) times only those texts.

use std::fmt::Write as _;
use std::time::Instant;

use vitrine_domain::catalogue::{CategoryId, FilterTerm, ProductId, ProductStats};
use vitrine_domain::search::{SearchDocument, SearchIndex, SearchText};
use vitrine_import::catalogue_words::{
    ADJECTIVES, CATEGORIES, COLOURS, MATERIALS, NOUNS, Rng, SIZES, TAGS,
};
use vitrine_search::TantivyIndex;

/// The generator's sampling: `n` choices, uniformly.
trait Below {
    fn below(&mut self, n: usize) -> usize;
}

impl Below for Rng {
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

fn document(rng: &mut Rng, i: usize) -> SearchDocument {
    let name = format!(
        "{} {} {} {i}",
        rng.pick(&ADJECTIVES),
        rng.pick(&MATERIALS),
        rng.pick(&NOUNS)
    );
    let top = rng.below(CATEGORIES.len());
    let sub = rng.below(4);
    let (top_name, subs) = CATEGORIES[top];
    let mut terms = vec![top_name.to_owned(), subs[sub].to_owned()];
    let tag_count = rng.below(3);
    terms.extend(rng.subset(&TAGS, tag_count).into_iter().map(str::to_owned));
    let sku = format!("gen-{i:06}");
    let mut skus = vec![sku.clone()];
    let mut filter_terms = Vec::new();
    if rng.below(100) < 20 {
        let colour_count = 2 + rng.below(3);
        let size_count = 2 + rng.below(3);
        let colours = rng.subset(&COLOURS, colour_count);
        let sizes = rng.subset(&SIZES, size_count);
        let variations = (3 + rng.below(10)).min(colours.len() * sizes.len());
        skus.extend((1..=variations).map(|v| format!("{sku}-{v}")));
        for (attribute, values) in [("Color", &colours), ("Size", &sizes)] {
            for value in values.iter() {
                terms.push((*value).to_owned());
                filter_terms.push(FilterTerm {
                    attribute: format!("pa_{}", attribute.to_lowercase()),
                    term: value.to_lowercase(),
                    attribute_name: attribute.to_owned(),
                    term_name: (*value).to_owned(),
                    global: true,
                });
            }
        }
    }
    SearchDocument {
        id: ProductId(i as i64),
        name,
        skus,
        categories: vec![
            CategoryId(top as i64 + 1),
            CategoryId(100 + top as i64 * 4 + sub as i64),
        ],
        terms,
        filter_terms,
        menu_order: 0,
        price: Some((5 + rng.below(196) as i64) * 100 - 1),
        created_at: i as i64,
        stats: ProductStats {
            total_sales: rng.below(1000) as i64,
            average_rating: rng.below(500) as i64,
            rating_count: rng.below(50) as i64,
        },
    }
}

/// The index, and whether it was built before (opened from `dir`).
fn build(products: usize, dir: Option<&str>) -> (TantivyIndex, bool) {
    let index = match dir {
        Some(dir) => {
            let dir = std::path::Path::new(dir).join(products.to_string());
            let index = TantivyIndex::open(&dir).expect("index on disk");
            // An index this harness built there before is searched again as it is.
            if index.len().expect("len") == products as u64 {
                return (index, true);
            }
            index
        }
        None => TantivyIndex::in_memory().expect("index"),
    };
    let mut rng = Rng::new(13);
    let mut docs: Vec<SearchDocument> = (1..=products).map(|i| document(&mut rng, i)).collect();
    // As the server's full build stages them: in rank-key order (lower menu order, shorter
    // name, lower id; ADR 0024), 1,000 at a time.
    docs.sort_by_key(|d| (d.menu_order, d.name.chars().count(), d.id.0));
    for (n, batch) in docs.chunks(1000).enumerate() {
        index.stage(batch, &[], n == 0).expect("stage");
    }
    index.publish(1).expect("publish");
    (index, false)
}

fn vocabulary() -> Vec<String> {
    let mut words: Vec<String> = ADJECTIVES
        .iter()
        .chain(&MATERIALS)
        .chain(&NOUNS)
        .chain(&COLOURS)
        .chain(&SIZES)
        .chain(&TAGS)
        .chain(
            CATEGORIES
                .iter()
                .flat_map(|(top, subs)| std::iter::once(top).chain(subs)),
        )
        .map(|w| w.to_lowercase())
        .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// One letter changed, dropped, doubled or two swapped, somewhere after the first.
fn typo(rng: &mut Rng, word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    let at = 1 + rng.below(chars.len() - 1);
    match rng.below(4) {
        0 => chars[at] = (b'a' + rng.below(26) as u8) as char,
        1 => {
            chars.remove(at);
        }
        2 => chars.insert(at, chars[at]),
        _ if at + 1 < chars.len() => chars.swap(at, at + 1),
        _ => chars[at] = 'x',
    }
    chars.into_iter().collect()
}

/// Distinct queries of each kind, `per_kind` of each at most.
fn queries(products: usize, per_kind: usize) -> Vec<(&'static str, Vec<String>)> {
    let words = vocabulary();
    let mut rng = Rng::new(7);
    let mut kind = |make: &dyn Fn(&mut Rng) -> String| {
        let mut out: Vec<String> = Vec::new();
        for _ in 0..per_kind * 20 {
            let q = make(&mut rng);
            if q.chars().count() >= 3 && !out.contains(&q) {
                out.push(q);
            }
            if out.len() == per_kind {
                break;
            }
        }
        out
    };
    let prefix = |rng: &mut Rng, w: &str| -> String {
        let len = (3 + rng.below(4)).min(w.len());
        w[..len].to_owned()
    };
    let prefixes = kind(&|rng| {
        let w = &words[rng.below(words.len())];
        prefix(rng, w)
    });
    let typos = kind(&|rng| {
        let long: Vec<&String> = words.iter().filter(|w| w.len() >= 4).collect();
        let w = long[rng.below(long.len())];
        let t = typo(rng, w);
        // Half whole words, half a typo while still typing.
        if rng.below(2) == 0 || t.len() <= 4 {
            t
        } else {
            t[..4 + rng.below(t.len() - 4)].to_owned()
        }
    });
    let two = kind(&|rng| {
        let a = &words[rng.below(words.len())];
        let b = &words[rng.below(words.len())];
        format!("{a} {}", &b[..(2 + rng.below(3)).min(b.len())])
    });
    let skus = kind(&|rng| {
        let id = format!("{:06}", 1 + rng.below(products));
        let len = 2 + rng.below(3);
        format!("gen-{}", &id[..len])
    });
    let nothing = kind(&|rng| {
        (0..3 + rng.below(4))
            .map(|_| (b'q' + rng.below(3) as u8) as char)
            .collect()
    });
    // As bench/suggest-distinct.lua's kinds 1 and 4: two beginnings of 3 to 6 letters ("cot
    // hoo", "vint blan"), and a name word with a product's number ("hoodie 4213").
    let beginnings = kind(&|rng| {
        let (first, second) = (rng.below(words.len()), rng.below(words.len()));
        let a = prefix(rng, &words[first]);
        let b = prefix(rng, &words[second]);
        format!("{a} {b}")
    });
    let numbered = kind(&|rng| {
        let w = &words[rng.below(words.len())];
        format!("{w} {}", 1 + rng.below(products))
    });
    vec![
        ("no match (fixed cost)", nothing),
        ("word prefix (3-6 letters)", prefixes.clone()),
        (IN_CATEGORY, prefixes),
        ("typo", typos),
        ("two words", two),
        ("SKU prefix (gen-00…)", skus),
        ("two beginnings (3-6 letters)", beginnings),
        ("a word and a number", numbered),
    ]
}

/// The kind asked with a category (the word prefixes again, each in one of the eight top
/// categories or their subcategories, in turn).
const IN_CATEGORY: &str = "word prefix + category";

fn category(n: usize) -> CategoryId {
    if n.is_multiple_of(2) {
        CategoryId(1 + (n / 2 % CATEGORIES.len()) as i64)
    } else {
        CategoryId(100 + (n / 2 % (CATEGORIES.len() * 4)) as i64)
    }
}

/// This thread's time on a CPU so far, in nanoseconds (Linux's schedstat; None elsewhere): on
/// a machine shared with other work, the CPU a kind costs is steadier than its wall clock.
fn thread_cpu_nanos() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

fn main() {
    let mut sizes = Vec::new();
    let mut dump = None;
    let mut dir = None;
    let mut only = None;
    let mut rounds = 3;
    let mut slowest = 0;
    let mut given: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--dir" {
            dir = args.next();
        } else if arg == "--kind" {
            only = args.next();
        } else if arg == "--rounds" {
            rounds = args
                .next()
                .and_then(|r| r.parse().ok())
                .expect("--rounds N");
        } else if arg == "--slowest" {
            slowest = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--slowest N");
        } else if arg == "--query" {
            given.push(args.next().expect("--query TEXT"));
        } else if arg == "--dump" {
            dump = args.next();
        } else {
            sizes.push(arg.parse::<usize>().expect("a product count"));
        }
    }
    if sizes.is_empty() {
        sizes = vec![10_000, 100_000];
    }
    let mut dumped = String::new();
    for products in sizes {
        let started = Instant::now();
        let (index, reused) = build(products, dir.as_deref());
        println!(
            "== {products} products: built in {} ms, {} documents",
            started.elapsed().as_millis(),
            index.len().expect("len")
        );
        let kinds = if given.is_empty() {
            queries(products, 200)
        } else {
            vec![("given", given.clone())]
        };
        for (kind, texts) in kinds {
            if only.as_deref().is_some_and(|only| !kind.starts_with(only)) {
                continue;
            }
            let texts: Vec<SearchText> = texts
                .iter()
                .map(|t| SearchText::parse(t).expect("text"))
                .collect();
            let mut micros = Vec::with_capacity(texts.len() * rounds);
            // Each query's fastest round: its own cost, whatever else ran.
            let mut fastest = vec![f64::INFINITY; texts.len()];
            if reused {
                // An index opened from disk is read in on first touch: one untimed round.
                for (n, text) in texts.iter().enumerate() {
                    let within = (kind == IN_CATEGORY).then(|| category(n));
                    index.suggest(text, within, 10).expect("suggest");
                }
            }
            let cpu_before = thread_cpu_nanos();
            for round in 0..rounds {
                for (n, text) in texts.iter().enumerate() {
                    let within = (kind == IN_CATEGORY).then(|| category(n));
                    let t = Instant::now();
                    let found = index.suggest(text, within, 10).expect("suggest");
                    let took = t.elapsed().as_secs_f64() * 1e6;
                    micros.push(took);
                    fastest[n] = fastest[n].min(took);
                    if round == 0 && dump.is_some() {
                        let ids: Vec<i64> = found.iter().map(|id| id.0).collect();
                        let _ =
                            writeln!(dumped, "{products}\t{}\t{within:?}\t{ids:?}", text.as_str());
                    }
                }
            }
            let cpu = cpu_before
                .zip(thread_cpu_nanos())
                .map(|(a, b)| (b - a) as f64 / 1e3 / micros.len() as f64);
            micros.sort_by(f64::total_cmp);
            let mean = micros.iter().sum::<f64>() / micros.len() as f64;
            println!(
                "{kind:<28} {:>4} queries x{rounds}: cpu {:>6.0} µs  mean {mean:>6.0} µs  p50 {:>6.0} µs  p99 {:>6.0} µs",
                texts.len(),
                cpu.unwrap_or(f64::NAN),
                percentile(&micros, 0.5),
                percentile(&micros, 0.99),
            );
            let mut by_cost: Vec<(f64, &str)> = fastest
                .iter()
                .zip(&texts)
                .map(|(&took, text)| (took, text.as_str()))
                .collect();
            by_cost.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (took, text) in by_cost.into_iter().take(slowest) {
                println!("    {took:>8.0} µs  {text}");
            }
        }
    }
    if let Some(path) = dump {
        std::fs::write(&path, dumped).expect("dump");
    }
}
