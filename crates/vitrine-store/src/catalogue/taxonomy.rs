//! Categories, tags and images: reads for the storefront, find-or-create for imports.

use std::collections::BTreeMap;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};
use vitrine_domain::catalogue::{
    Category, CategoryId, CategoryTree, ImageId, ProductStatus, Slug, Tag, TagId, slugify,
};
use vitrine_domain::ports::StoreError;

use super::document::{status_str, visibilities};
use crate::error::{StoreResult, db_error};
use crate::sql::Sql;

pub(super) async fn categories(pool: &AnyPool) -> StoreResult<CategoryTree> {
    let rows =
        sqlx::query("SELECT id, parent_id, name, slug, description, position FROM categories")
            .fetch_all(pool)
            .await
            .map_err(db_error)?;
    let categories = rows.iter().map(category).collect::<StoreResult<_>>()?;
    Ok(CategoryTree::new(categories))
}

/// Published products listed in the catalogue, per category, counting those in descendant
/// categories too (each product once), as WooCommerce's category widget does. A category
/// without products is absent.
pub(super) async fn product_counts(pool: &AnyPool) -> StoreResult<BTreeMap<CategoryId, u64>> {
    let mut sql = Sql::new(
        "WITH RECURSIVE closure (ancestor_id, category_id) AS ( \
             SELECT id, id FROM categories \
             UNION \
             SELECT c.ancestor_id, k.id FROM closure c JOIN categories k ON k.parent_id = c.category_id \
         ) \
         SELECT c.ancestor_id AS id, COUNT(DISTINCT p.id) AS products FROM closure c \
         JOIN product_categories pc ON pc.category_id = c.category_id \
         JOIN products p ON p.id = pc.product_id \
         WHERE p.status = ",
    );
    sql.bind_text(status_str(ProductStatus::Publish))
        .push(" AND p.visibility IN (");
    for (i, v) in visibilities(false).enumerate() {
        sql.push(if i == 0 { "" } else { ", " }).bind_text(v);
    }
    sql.push(") GROUP BY c.ancestor_id");
    let rows = sql.query().fetch_all(pool).await.map_err(db_error)?;
    rows.iter()
        .map(|row| {
            let id: i64 = row.try_get("id").map_err(db_error)?;
            let n: i64 = row.try_get("products").map_err(db_error)?;
            Ok((CategoryId(id), u64::try_from(n).unwrap_or(0)))
        })
        .collect()
}

pub(super) async fn tags(pool: &AnyPool) -> StoreResult<Vec<Tag>> {
    let rows = sqlx::query("SELECT id, name, slug FROM tags")
        .fetch_all(pool)
        .await
        .map_err(db_error)?;
    let mut tags = rows.iter().map(tag).collect::<StoreResult<Vec<_>>>()?;
    // Sorted here, not in SQL, so both databases agree whatever their collation.
    tags.sort_by_cached_key(|t| (t.name.to_lowercase(), t.id));
    Ok(tags)
}

pub(super) async fn tag_by_slug(pool: &AnyPool, slug: &Slug) -> StoreResult<Option<Tag>> {
    let row = sqlx::query("SELECT id, name, slug FROM tags WHERE slug = $1")
        .bind(slug.as_str())
        .fetch_optional(pool)
        .await
        .map_err(db_error)?;
    row.as_ref().map(tag).transpose()
}

/// Matched by slug under the same parent, so "T-shirts" and "Tshirts" are one category.
pub(super) async fn ensure_category(
    conn: &mut AnyConnection,
    parent: Option<CategoryId>,
    name: &str,
) -> StoreResult<CategoryId> {
    let name = name.trim();
    let slug = slug_of("category", name)?;
    let mut find = Sql::new("SELECT id FROM categories WHERE COALESCE(parent_id, 0) = ");
    find.bind_int(parent.map_or(0, |p| p.0))
        .push(" AND slug = ")
        .bind_text(slug.as_str());
    let mut insert = Sql::new("INSERT INTO categories (parent_id, name, slug) VALUES (");
    match parent {
        Some(p) => insert.bind_int(p.0),
        None => insert.push("NULL"),
    };
    insert
        .push(", ")
        .bind_text(name)
        .push(", ")
        .bind_text(slug.as_str())
        .push(ON_CONFLICT);
    find_or_insert(conn, &find, &insert).await.map(CategoryId)
}

/// Matched by slug, so "Winter" and "winter" are one tag.
pub(super) async fn ensure_tag(conn: &mut AnyConnection, name: &str) -> StoreResult<TagId> {
    let name = name.trim();
    let slug = slug_of("tag", name)?;
    let mut find = Sql::new("SELECT id FROM tags WHERE slug = ");
    find.bind_text(slug.as_str());
    let mut insert = Sql::new("INSERT INTO tags (name, slug) VALUES (");
    insert
        .bind_text(name)
        .push(", ")
        .bind_text(slug.as_str())
        .push(ON_CONFLICT);
    find_or_insert(conn, &find, &insert).await.map(TagId)
}

pub(super) async fn ensure_image(
    conn: &mut AnyConnection,
    source_url: &str,
) -> StoreResult<ImageId> {
    let mut find = Sql::new("SELECT id FROM images WHERE source_url = ");
    find.bind_text(source_url);
    let mut insert = Sql::new("INSERT INTO images (source_url) VALUES (");
    insert.bind_text(source_url).push(ON_CONFLICT);
    find_or_insert(conn, &find, &insert).await.map(ImageId)
}

const ON_CONFLICT: &str = ") ON CONFLICT DO NOTHING";

/// Looks first so the common case (already there) writes nothing; `ON CONFLICT DO NOTHING`
/// lets a concurrent import's identical insert win without aborting this transaction.
async fn find_or_insert(conn: &mut AnyConnection, find: &Sql, insert: &Sql) -> StoreResult<i64> {
    let found = find
        .query()
        .fetch_optional(&mut *conn)
        .await
        .map_err(db_error)?;
    if let Some(row) = found {
        return row.try_get(0).map_err(db_error);
    }
    insert.query().execute(&mut *conn).await.map_err(db_error)?;
    let row = find.query().fetch_one(&mut *conn).await.map_err(db_error)?;
    row.try_get(0).map_err(db_error)
}

fn slug_of(what: &str, name: &str) -> StoreResult<Slug> {
    slugify(name).ok_or_else(|| {
        StoreError::Conflict(format!("{what} name {name:?} has no letters or digits"))
    })
}

fn category(row: &AnyRow) -> StoreResult<Category> {
    let id: i64 = row.try_get("id").map_err(db_error)?;
    let parent: Option<i64> = row.try_get("parent_id").map_err(db_error)?;
    Ok(Category {
        id: CategoryId(id),
        parent: parent.map(CategoryId),
        name: row.try_get("name").map_err(db_error)?,
        slug: stored_slug(row, "category", id)?,
        description: row.try_get("description").map_err(db_error)?,
        position: row.try_get("position").map_err(db_error)?,
    })
}

fn tag(row: &AnyRow) -> StoreResult<Tag> {
    let id: i64 = row.try_get("id").map_err(db_error)?;
    Ok(Tag {
        id: TagId(id),
        name: row.try_get("name").map_err(db_error)?,
        slug: stored_slug(row, "tag", id)?,
    })
}

fn stored_slug(row: &AnyRow, what: &str, id: i64) -> StoreResult<Slug> {
    let text: String = row.try_get("slug").map_err(db_error)?;
    Slug::parse(&text).map_err(|e| StoreError::Corrupt(format!("{what} {id}: {e}")))
}
