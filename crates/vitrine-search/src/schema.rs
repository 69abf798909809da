//! The index's fields and analysers, and one product as a tantivy document.

use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TantivyDocument, TextFieldIndexing,
    TextOptions,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer,
};
use tantivy::{Index, Term};
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::search::{SearchDocument, attribute_value};

/// Words: split on anything not alphanumeric, lowercased, accents folded ("Café" finds "cafe").
pub(crate) const WORDS: &str = "vitrine_words";
/// A whole SKU, lowercased: "woo-belt" as one term, for exact and prefix matches.
pub(crate) const WHOLE: &str = "vitrine_whole";

#[derive(Debug, Clone, Copy)]
pub(crate) struct Fields {
    pub id: Field,
    pub name: Field,
    pub sku_words: Field,
    pub sku: Field,
    pub terms: Field,
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
    let fields = Fields {
        id: b.add_i64_field("id", INDEXED | FAST),
        name: b.add_text_field("name", words(WORDS, true)),
        sku_words: b.add_text_field("sku_words", words(WORDS, false)),
        sku: b.add_text_field("sku", words(WHOLE, false)),
        terms: b.add_text_field("terms", words(WORDS, false)),
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

pub(crate) fn register_analysers(index: &Index) {
    index.tokenizers().register(
        WORDS,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(RemoveLongFilter::limit(64))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build(),
    );
    index.tokenizers().register(
        WHOLE,
        TextAnalyzer::builder(RawTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
}

pub(crate) fn id_term(fields: &Fields, id: ProductId) -> Term {
    Term::from_field_i64(fields.id, id.0)
}

pub(crate) fn document(f: &Fields, doc: &SearchDocument) -> TantivyDocument {
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
