//! The index's fields and analysers, and one product as a tantivy document.

use std::collections::BTreeSet;

use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TantivyDocument, TextFieldIndexing,
    TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
    TokenStream,
};
use tantivy::{Index, Term};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::search::{SearchDocument, attribute_value};

use crate::beginnings;

/// Words: split on anything not alphanumeric, lowercased, accents folded ("Café" finds "cafe").
pub(crate) const WORDS: &str = "vitrine_words";
/// A whole SKU, lowercased: "woo-belt" as one term, for exact and prefix matches.
pub(crate) const WHOLE: &str = "vitrine_whole";

/// Longest word prefix indexed as a term of its own (ADR 0023): a longer prefix is matched by
/// walking the term dictionary instead.
pub(crate) const MAX_WORD_PREFIX: usize = 20;
/// Shortest word prefix indexed: a one-letter prefix is never asked (it tells nothing).
pub(crate) const MIN_WORD_PREFIX: usize = 2;
/// Longest whole-SKU prefix indexed as a term of its own.
pub(crate) const MAX_SKU_PREFIX: usize = 32;

#[derive(Debug, Clone, Copy)]
pub(crate) struct Fields {
    pub id: Field,
    pub name: Field,
    pub sku_words: Field,
    pub sku: Field,
    pub terms: Field,
    /// Every beginning (MIN_WORD_PREFIX..=MAX_WORD_PREFIX characters) of every word of the
    /// name, SKU words and terms, and of every whole SKU (1..=MAX_SKU_PREFIX): a prefix is one
    /// term, not a walk over the dictionary and a bitset of every match (ADR 0023).
    pub name_prefix: Field,
    pub sku_words_prefix: Field,
    pub terms_prefix: Field,
    pub sku_prefix: Field,
    /// Every pair of the three-letter beginnings of the words of the name, SKUs and terms
    /// ("cot hoo"): what leads a suggestion's conjunction of words (ADR 0043, `pairs`).
    pub pairs: Field,
    /// Every category of the product with every beginning of three to six letters of its
    /// words ("12 mug", "12 mugs"): what leads a one-word suggestion within a category (ADR
    /// 0046, `pairs`).
    pub category_prefixes: Field,
    pub category: Field,
    pub attribute: Field,
    /// The global attributes' terms only: what the filter panel counts.
    pub facet: Field,
    pub menu_order: Field,
    pub name_len: Field,
    pub price: Field,
    pub price_asc: Field,
    pub price_desc: Field,
    pub created_at: Field,
    pub total_sales: Field,
    pub rating: Field,
    pub rating_count: Field,
}

pub(crate) fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let words = |tokenizer: &str, positions: bool| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(tokenizer)
                .set_index_option(if positions {
                    IndexRecordOption::WithFreqsAndPositions
                } else {
                    IndexRecordOption::WithFreqs
                }),
        )
    };
    // Untokenized, each once per document, with frequencies (a fixed score is BM25's of one
    // occurrence, `fixed.rs`) and no field lengths: every document holding a prefix scores the
    // same for it (ADR 0024).
    let prefixes = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("raw")
            .set_fieldnorms(false)
            .set_index_option(IndexRecordOption::WithFreqs),
    );
    // Untokenized, no frequencies nor field lengths: which products hold a lead's term.
    let leads = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer("raw")
            .set_fieldnorms(false)
            .set_index_option(IndexRecordOption::Basic),
    );
    let fields = Fields {
        id: b.add_i64_field("id", INDEXED | FAST),
        name: b.add_text_field("name", words(WORDS, true)),
        sku_words: b.add_text_field("sku_words", words(WORDS, false)),
        sku: b.add_text_field("sku", words(WHOLE, false)),
        // No field lengths (ADR 0046): a product's categories, tags and attribute values are
        // not a text whose length says how much a word weighs in it; every product holding a
        // term scores the same for it and ties go by the rank key.
        terms: b.add_text_field(
            "terms",
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(WORDS)
                    .set_fieldnorms(false)
                    .set_index_option(IndexRecordOption::WithFreqs),
            ),
        ),
        name_prefix: b.add_text_field("name_prefix", prefixes.clone()),
        sku_words_prefix: b.add_text_field("sku_words_prefix", prefixes.clone()),
        terms_prefix: b.add_text_field("terms_prefix", prefixes.clone()),
        sku_prefix: b.add_text_field("sku_prefix", prefixes),
        // Only which products hold a term: the leads score nothing.
        pairs: b.add_text_field("pairs", leads.clone()),
        category_prefixes: b.add_text_field("category_prefixes", leads),
        category: b.add_i64_field("category", INDEXED),
        attribute: b.add_text_field("attribute", STRING),
        facet: b.add_text_field("facet", STRING),
        menu_order: b.add_i64_field("menu_order", FAST),
        name_len: b.add_i64_field("name_len", FAST),
        price: b.add_i64_field("price", INDEXED | FAST),
        price_asc: b.add_i64_field("price_asc", FAST),
        price_desc: b.add_i64_field("price_desc", FAST),
        created_at: b.add_i64_field("created_at", FAST),
        total_sales: b.add_i64_field("total_sales", FAST),
        rating: b.add_i64_field("rating", FAST),
        rating_count: b.add_i64_field("rating_count", FAST),
    };
    (b.build(), fields)
}

pub(crate) fn words_analyser() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(64))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

pub(crate) fn whole_analyser() -> TextAnalyzer {
    TextAnalyzer::builder(RawTokenizer::default())
        .filter(LowerCaser)
        .build()
}

pub(crate) fn register_analysers(index: &Index) {
    index.tokenizers().register(WORDS, words_analyser());
    index.tokenizers().register(WHOLE, whole_analyser());
}

/// The two analysers documents are cut with, made once per batch.
pub(crate) struct Analysers {
    words: TextAnalyzer,
    whole: TextAnalyzer,
}

impl Analysers {
    pub(crate) fn new() -> Self {
        Self {
            words: words_analyser(),
            whole: whole_analyser(),
        }
    }
}

/// The beginnings of `word` from `min` to `max` characters (the whole word included when it
/// is short enough), as the index's prefix fields hold them.
pub(crate) fn prefixes(word: &str, min: usize, max: usize) -> impl Iterator<Item = &str> {
    word.char_indices()
        .map(|(at, c)| at + c.len_utf8())
        .enumerate()
        .filter(move |&(n, _)| n + 1 >= min && n < max)
        .map(move |(_, end)| &word[..end])
}

/// Adds to `field` every indexed prefix of every token `analyser` cuts `texts` into.
fn add_prefixes<'a>(
    d: &mut TantivyDocument,
    field: Field,
    analyser: &mut TextAnalyzer,
    texts: impl Iterator<Item = &'a String>,
    (min, max): (usize, usize),
) {
    let mut seen = BTreeSet::new();
    for text in texts {
        let mut stream = analyser.token_stream(text);
        while stream.advance() {
            let word = &stream.token().text;
            for prefix in prefixes(word, min, max) {
                if !seen.contains(prefix) {
                    seen.insert(prefix.to_owned());
                }
            }
        }
    }
    for prefix in seen {
        d.add_text(field, prefix);
    }
}

/// The distinct beginnings of [`beginnings::BEGINNING`] to [`beginnings::CATEGORY_PREFIX`]
/// characters of the words `analyser` cuts `texts` into (a word shorter than a beginning has
/// none).
fn beginnings<'a>(
    analyser: &mut TextAnalyzer,
    texts: impl Iterator<Item = &'a String>,
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for text in texts {
        let mut stream = analyser.token_stream(text);
        while stream.advance() {
            let word = &stream.token().text;
            for prefix in prefixes(word, beginnings::BEGINNING, beginnings::CATEGORY_PREFIX) {
                if !seen.contains(prefix) {
                    seen.insert(prefix.to_owned());
                }
            }
        }
    }
    seen
}

pub(crate) fn id_term(fields: &Fields, id: ProductId) -> Term {
    Term::from_field_i64(fields.id, id.0)
}

pub(crate) fn document(f: &Fields, a: &mut Analysers, doc: &SearchDocument) -> TantivyDocument {
    let mut d = TantivyDocument::default();
    d.add_i64(f.id, doc.id.0);
    d.add_text(f.name, &doc.name);
    for sku in &doc.skus {
        d.add_text(f.sku_words, sku);
        d.add_text(f.sku, sku);
    }
    for term in &doc.terms {
        d.add_text(f.terms, term);
    }
    let words = (MIN_WORD_PREFIX, MAX_WORD_PREFIX);
    let name = std::iter::once(&doc.name);
    add_prefixes(&mut d, f.name_prefix, &mut a.words, name, words);
    add_prefixes(
        &mut d,
        f.sku_words_prefix,
        &mut a.words,
        doc.skus.iter(),
        words,
    );
    add_prefixes(
        &mut d,
        f.terms_prefix,
        &mut a.words,
        doc.terms.iter(),
        words,
    );
    let texts = std::iter::once(&doc.name)
        .chain(&doc.skus)
        .chain(&doc.terms);
    let begun = beginnings(&mut a.words, texts);
    let three: BTreeSet<String> = begun
        .iter()
        .filter(|p| p.chars().count() == beginnings::BEGINNING)
        .cloned()
        .collect();
    for pair in beginnings::pairs_of(&three) {
        d.add_text(f.pairs, pair);
    }
    // A number's beginnings are not held with a category: mostly one product's each, a
    // dictionary as large as the catalogue for a lead no number takes (ADR 0046).
    let lettered: Vec<&String> = begun
        .iter()
        .filter(|p| !p.chars().all(|c| c.is_ascii_digit()))
        .collect();
    for category in &doc.categories {
        for prefix in &lettered {
            d.add_text(
                f.category_prefixes,
                beginnings::in_category(category.0, prefix),
            );
        }
    }
    let whole = (1, MAX_SKU_PREFIX);
    add_prefixes(&mut d, f.sku_prefix, &mut a.whole, doc.skus.iter(), whole);
    for category in &doc.categories {
        d.add_i64(f.category, category.0);
    }
    for t in &doc.filter_terms {
        let value = attribute_value(&t.attribute, &t.term);
        if t.global {
            d.add_text(f.facet, &value);
        }
        d.add_text(f.attribute, &value);
    }
    d.add_i64(f.menu_order, doc.menu_order);
    d.add_i64(
        f.name_len,
        i64::try_from(doc.name.chars().count()).unwrap_or(i64::MAX),
    );
    if let Some(price) = doc.price {
        d.add_i64(f.price, price);
    }
    // Products without a price go last in both price orders, as in database listings.
    d.add_i64(f.price_asc, doc.price.unwrap_or(i64::MAX));
    d.add_i64(f.price_desc, doc.price.unwrap_or(i64::MIN));
    d.add_i64(f.created_at, doc.created_at);
    d.add_i64(f.total_sales, doc.stats.total_sales);
    d.add_i64(f.rating, doc.stats.average_rating);
    d.add_i64(f.rating_count, doc.stats.rating_count);
    d
}

#[cfg(test)]
mod tests {
    use super::prefixes;

    #[test]
    fn prefixes_are_cut_on_characters_between_the_bounds() {
        let cut = |w, min, max| prefixes(w, min, max).collect::<Vec<_>>();
        assert_eq!(cut("hoodie", 2, 4), ["ho", "hoo", "hood"]);
        assert_eq!(cut("mug", 2, 20), ["mu", "mug"]);
        assert_eq!(cut("a", 2, 20), Vec::<&str>::new());
        assert_eq!(cut("çafé", 1, 3), ["ç", "ça", "çaf"]);
    }
}
