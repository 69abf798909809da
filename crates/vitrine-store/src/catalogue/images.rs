//! Which products show each image (ADR 0044, migration 0022): the rows of products stored
//! before the table existed. A product written since writes its own (`upsert::replace_rows`).

use std::collections::BTreeSet;

use sqlx::{AnyPool, Row};

use crate::error::{StoreResult, db_error};
use crate::sql::Sql;

const FILL_BATCH: i64 = 500;

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
    let done: i64 =
        sqlx::query_scalar("SELECT last_id FROM id_counters WHERE name = 'product_images_filled'")
            .fetch_one(pool)
            .await
            .map_err(db_error)?;
    if done != 0 {
        return Ok(());
    }
    let mut after = 0i64;
    loop {
        let rows =
            sqlx::query("SELECT id, document FROM products WHERE id > $1 ORDER BY id LIMIT $2")
                .bind(after)
                .bind(FILL_BATCH)
                .fetch_all(pool)
                .await
                .map_err(db_error)?;
        let Some(last) = rows.last() else { break };
        after = last.try_get(0).map_err(db_error)?;
        let mut insert = Sql::new("INSERT INTO product_images (product_id, image_id) VALUES ");
        let mut links = 0usize;
        for row in &rows {
            let id: i64 = row.try_get(0).map_err(db_error)?;
            let document: String = row.try_get(1).map_err(db_error)?;
            let Ok(shown) = serde_json::from_str::<ShownOnly>(&document) else {
                tracing::warn!(product = id, "no images read for the media route");
                continue;
            };
            let images: BTreeSet<i64> = shown
                .images
                .iter()
                .chain(shown.variations.iter().filter_map(|v| v.image.as_ref()))
                .map(|i| i.id)
                .collect();
            for image in images {
                insert.push(if links == 0 { "(" } else { ", (" });
                insert.bind_int(id).push(", ").bind_int(image).push(")");
                links += 1;
            }
        }
        if links > 0 {
            insert.push(" ON CONFLICT DO NOTHING");
            insert.query().execute(pool).await.map_err(db_error)?;
        }
        if rows.len() < FILL_BATCH as usize {
            break;
        }
    }
    sqlx::query("UPDATE id_counters SET last_id = 1 WHERE name = 'product_images_filled'")
        .execute(pool)
        .await
        .map_err(db_error)?;
    Ok(())
}
