//! Product documents across versions: what earlier versions wrote still reads, in the shop's
//! base currency, and what this version writes keeps that format (minor units + currency).

use vitrine_domain::catalogue::fixtures::{
    CURRENCY, bundle_product, hoodie, on_sale, simple_product,
};
use vitrine_domain::catalogue::{Product, ProductId};
use vitrine_domain::money::{Currency, Money};
use vitrine_domain::ports::{CatalogueStore, UpsertOutcome};
use vitrine_store::Database;
use vitrine_store::fixtures::overwrite_document;

use super::{import_all, stored, upsert};

/// Documents as the version before `Money` carried a currency wrote them (bare integers, no
/// `currency` key), with the products they were written from.
fn legacy() -> [(&'static str, Product); 3] {
    let mut hoodie = hoodie();
    hoodie.sku = Some("woo-hoodie".into());
    let mut beanie = simple_product(48, "Beanie", 0);
    beanie.pricing = on_sale(2000, 1800);
    let bundle = bundle_product(95, "Winter Bundle", 500, &[(48, 2, 1800)]);
    [
        (include_str!("../../legacy/variable-hoodie.json"), hoodie),
        (include_str!("../../legacy/simple-beanie.json"), beanie),
        (include_str!("../../legacy/bundle.json"), bundle),
    ]
}

/// Every price of a product in another currency, amounts unchanged.
fn in_currency(mut product: Product, currency: Currency) -> Product {
    let convert = |m: &mut Option<Money>| *m = m.map(|m| Money::new(m.amount_minor(), currency));
    convert(&mut product.pricing.regular);
    convert(&mut product.pricing.sale);
    for v in &mut product.variations {
        convert(&mut v.pricing.regular);
        convert(&mut v.pricing.sale);
    }
    if let Some(b) = &mut product.bundle {
        b.base_price = Money::new(b.base_price.amount_minor(), currency);
        for item in &mut b.items {
            item.price = Money::new(item.price.amount_minor(), currency);
        }
    }
    product
}

pub async fn documents_written_before_prices_had_a_currency_still_read(db: Database) {
    let legacy = legacy();
    let products: Vec<Product> = legacy.iter().map(|(_, p)| p.clone()).collect();
    import_all(&db.catalogue(CURRENCY), &products).await;
    for (raw, _) in &legacy {
        let id: i64 = serde_json::from_str::<serde_json::Value>(raw).expect("JSON")["id"]
            .as_i64()
            .expect("an id");
        overwrite_document(&db, ProductId(id), raw)
            .await
            .expect("overwrite");
    }
    for (_, product) in &legacy {
        let usd_shop: &dyn CatalogueStore = &db.catalogue(CURRENCY);
        assert_eq!(stored(usd_shop, product.id.0).await.as_ref(), Some(product));
        let eur_shop: &dyn CatalogueStore = &db.catalogue(Currency::EUR);
        let in_eur = in_currency(product.clone(), Currency::EUR);
        assert_eq!(
            stored(eur_shop, product.id.0).await,
            Some(in_eur),
            "a document without a currency is in the shop's base currency"
        );
    }
}

pub async fn written_documents_keep_minor_units_and_name_their_currency(db: Database) {
    let store = db.catalogue(Currency::EUR);
    let hoodie = in_currency(hoodie(), Currency::EUR);
    import_all(&store, std::slice::from_ref(&hoodie)).await;
    let raw: String = sqlx::query_scalar("SELECT document FROM products WHERE id = 45")
        .fetch_one(db.pool())
        .await
        .expect("document");
    let document: serde_json::Value = serde_json::from_str(&raw).expect("JSON");
    assert_eq!(document["currency"], "EUR");
    assert_eq!(document["variations"][0]["pricing"]["regular"], 4500);
    assert_eq!(document["variations"][0]["pricing"]["sale"], 4200);
    assert!(!raw.contains("amount_minor"), "{raw}");

    let usd_shop: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let read = stored(usd_shop, 45).await.expect("stored");
    assert_eq!(
        read, hoodie,
        "the document's own currency wins over the base"
    );
    let mut import = usd_shop.begin_import().await.expect("begin import");
    assert_eq!(
        upsert(import.as_mut(), &read).await,
        UpsertOutcome::Unchanged
    );
}

pub async fn a_product_priced_in_two_currencies_is_refused_not_stored_wrong(db: Database) {
    let store: &dyn CatalogueStore = &db.catalogue(CURRENCY);
    let mut odd = simple_product(7, "Odd", 1000);
    odd.pricing.sale = Some(Money::new(900, Currency::EUR));
    let mut import = store.begin_import().await.expect("begin import");
    let err = import
        .upsert_product(&odd)
        .await
        .expect_err("two currencies");
    assert!(err.to_string().contains("EUR"), "{err}");
    import.commit().await.expect("commit");
    assert!(stored(store, 7).await.is_none());
}
