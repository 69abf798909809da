//! The import itself: parse and check the whole file, then write it in one transaction.

use std::collections::HashSet;
use std::io::Read;

use time::OffsetDateTime;
use vitrine_domain::catalogue::{ProductKind, slugify};
use vitrine_domain::ports::{CatalogueImport, CatalogueStore, StoreError, UpsertOutcome};

use crate::build::{Media, Placement, build_product};
use crate::colour::colour_map;
use crate::issue::ImportError;
use crate::parse::parse_csv;
use crate::progress::Progress;
use crate::resolve::{Resolved, resolve};
use crate::validate::{self, Plan};
use crate::{ImportOptions, ImportReport};

/// Imports a WooCommerce product CSV export. Every row is parsed and checked before anything
/// is written; then one transaction writes taxonomy and images, simple and variable products
/// (variations inside their parent), and last grouped and bundle products. Any error (without
/// `skip_invalid_rows`) leaves the store exactly as it was.
pub async fn import_woocommerce_csv<R: Read>(
    reader: R,
    store: &dyn CatalogueStore,
    options: ImportOptions,
    progress: &dyn Progress,
) -> Result<ImportReport, ImportError> {
    let file = parse_csv(reader, options.currency)?;
    let skip = options.skip_invalid_rows;
    let mut plan = validate::plan(file, skip).map_err(ImportError::Invalid)?;
    let mut tx = store.begin_import().await?;
    let resolved = loop {
        let mut resolved = resolve(tx.as_mut(), &plan, progress).await?;
        if resolved.errors.is_empty() {
            break resolved;
        }
        resolved.errors.sort_by_key(|e| e.row);
        if !skip {
            progress.finish();
            return Err(ImportError::Invalid(resolved.errors));
        }
        plan.drop_rows(resolved.errors);
    };
    let media = ensure_media(tx.as_mut(), &plan).await?;
    let mut report = ImportReport {
        products_seen: plan.products_seen,
        variations_seen: plan.variations_seen,
        ..ImportReport::default()
    };
    report.warnings.append(&mut plan.warnings);
    report.warnings.extend(resolved.warnings.iter().cloned());
    report.warnings.sort_by_key(|w| w.row);
    write_products(
        tx.as_mut(),
        &plan,
        resolved,
        &media,
        options.now,
        progress,
        &mut report,
    )
    .await?;
    tx.commit().await?;
    progress.finish();
    report.skipped = plan.skipped;
    Ok(report)
}

/// Categories (each path segment under its parent), tags and images, in file order so that a
/// first import numbers them as the file lists them.
async fn ensure_media(tx: &mut dyn CatalogueImport, plan: &Plan) -> Result<Media, StoreError> {
    let mut media = Media {
        colours: colour_map(&plan.products),
        ..Media::default()
    };
    let rows = plan
        .products
        .iter()
        .flat_map(|p| std::iter::once(&p.row).chain(&p.variations));
    let mut seen_tags = HashSet::new();
    for row in rows {
        for path in &row.categories {
            let mut parent = None;
            for depth in 1..=path.len() {
                let prefix = &path[..depth];
                let id = match media.categories.get(prefix) {
                    Some(id) => *id,
                    None => {
                        let id = tx.ensure_category(parent, &prefix[depth - 1]).await?;
                        media.categories.insert(prefix.to_vec(), id);
                        id
                    }
                };
                parent = Some(id);
            }
        }
        for tag in &row.tags {
            if seen_tags.insert(tag.clone()) {
                let id = tx.ensure_tag(tag).await?;
                media.tags.insert(tag.clone(), id);
            }
        }
        for url in &row.images {
            if !media.images.contains_key(url) {
                let id = tx.ensure_image(url).await?;
                media.images.insert(url.clone(), id);
            }
        }
    }
    Ok(media)
}

/// Simple, variable and external products first, then the grouped and bundle products that
/// point at them.
async fn write_products(
    tx: &mut dyn CatalogueImport,
    plan: &Plan,
    resolved: Resolved,
    media: &Media,
    now: OffsetDateTime,
    progress: &dyn Progress,
    report: &mut ImportReport,
) -> Result<(), StoreError> {
    let Resolved { ids, links, .. } = resolved;
    let mut links: Vec<_> = links.into_iter().map(Some).collect();
    let is_parent = |i: &usize| {
        matches!(
            plan.products[*i].row.kind(),
            Some(ProductKind::Grouped | ProductKind::Bundle)
        )
    };
    let (last, first): (Vec<usize>, Vec<usize>) = (0..plan.products.len()).partition(is_parent);
    progress.start("Importing", plan.products.len() as u64);
    for i in first.into_iter().chain(last) {
        let (planned, ids) = (&plan.products[i], &ids[i]);
        let slug = match &ids.existing {
            Some(stored) => stored.slug.clone(),
            None => {
                let wanted = slugify(&planned.row.name)
                    .or_else(|| slugify(&format!("product-{}", ids.id)))
                    .ok_or_else(|| StoreError::Conflict(format!("no slug for {}", ids.id)))?;
                tx.unique_slug(&wanted, ids.id).await?
            }
        };
        let created_at = ids.existing.as_ref().map_or(now, |p| p.created_at);
        let place = Placement {
            ids,
            links: links[i].take().unwrap_or_default(),
            slug,
            created_at,
        };
        let product = build_product(planned, place, media);
        match tx.upsert_product(&product).await? {
            UpsertOutcome::Created => report.created += 1,
            UpsertOutcome::Updated => report.updated += 1,
            UpsertOutcome::Unchanged => report.unchanged += 1,
        }
        progress.advance(1);
    }
    Ok(())
}
