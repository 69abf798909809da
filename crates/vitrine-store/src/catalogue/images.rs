//! Which products show each image (ADR 0044, migration 0022): the rows of products stored
//! before the table existed. A product written since writes its own (`upsert::replace_rows`).

use std::collections::BTreeSet;

use sqlx::AnyPool;

use super::fill::Documents;
use crate::error::{StoreResult, db_error};
use crate::sql::Sql;

/// Link rows written per statement.
const LINKS_PER_INSERT: usize = 1000;

/// The image ids of a stored document: its own images' and its variations'.
#[derive(serde::Deserialize)]
struct ShownOnly {
    #[serde(default)]
    images: Vec<IdOnly>,
    #[serde(default)]
    variations: Vec<VariationImage>,
}

#[derive(serde::Deserialize)]
struct IdOnly {
    id: i64,
}

#[derive(serde::Deserialize)]
struct VariationImage {
    #[serde(default)]
    image: Option<IdOnly>,
}

/// Fills `product_images` for products stored before the table existed, once (the counter
/// row 'product_images_filled' turns 1 after). Safe to run from several instances at once:
/// rows already there are left alone. A document that does not parse adds nothing.
pub(crate) async fn fill_images(pool: &AnyPool) -> StoreResult<()> {
    let Some(mut documents) = Documents::unless_done(pool, "product_images_filled").await? else {
        return Ok(());
    };
    while let Some(batch) = documents.next().await? {
        let mut links: Vec<(i64, i64)> = Vec::new();
        for (id, document) in &batch {
            let Ok(shown) = serde_json::from_str::<ShownOnly>(document) else {
                tracing::warn!(product = id, "no images read for the media route");
                continue;
            };
            let images: BTreeSet<i64> = shown
                .images
                .iter()
                .chain(shown.variations.iter().filter_map(|v| v.image.as_ref()))
                .map(|i| i.id)
                .collect();
            links.extend(images.into_iter().map(|image| (*id, image)));
        }
        // Two bound values a row: well below every backend's bind-parameter limit, however
        // many pictures the batch's variations show.
        for chunk in links.chunks(LINKS_PER_INSERT) {
            let mut insert = Sql::new("INSERT INTO product_images (product_id, image_id) VALUES ");
            for (i, &(product, image)) in chunk.iter().enumerate() {
                insert.push(if i == 0 { "(" } else { ", (" });
                insert
                    .bind_int(product)
                    .push(", ")
                    .bind_int(image)
                    .push(")");
            }
            insert.push(" ON CONFLICT DO NOTHING");
            insert.query().execute(pool).await.map_err(db_error)?;
        }
    }
    documents.done().await
}
