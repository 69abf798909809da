//! Inside the import transaction, before any write: the id of every product and variation
//! (row ID, else the stored one with that SKU, else a fresh one) and the products that
//! grouped, bundled, upsell and cross-sell references point at, in the file or the shop.

use std::collections::HashSet;

use vitrine_domain::catalogue::{BundleItem, Product, ProductId, VariationId};
use vitrine_domain::ports::{CatalogueImport, StoreError};

use crate::index::{Found, RowIndex};
use crate::issue::RowIssue;
use crate::lists::Reference;
use crate::progress::Progress;
use crate::row::ProductRow;
use crate::selections::selections;
use crate::validate::Plan;

/// Ids of one planned product, with what the store holds under its id.
pub struct ProductIds {
    pub id: ProductId,
    pub existing: Option<Product>,
    pub variations: Vec<VariationId>,
}

/// Links of one planned product, as ids.
#[derive(Default)]
pub struct ProductLinks {
    pub grouped: Vec<ProductId>,
    pub bundled: Vec<BundleItem>,
    pub upsells: Vec<ProductId>,
    pub cross_sells: Vec<ProductId>,
}

/// Ids and links per planned product (parallel to `Plan::products`), and what went wrong.
pub struct Resolved {
    pub ids: Vec<ProductIds>,
    pub links: Vec<ProductLinks>,
    pub errors: Vec<RowIssue>,
    pub warnings: Vec<RowIssue>,
}

struct Resolver<'t> {
    tx: &'t mut dyn CatalogueImport,
    /// IDs the file sets explicitly, which a fresh id must not take.
    reserved: HashSet<i64>,
    errors: Vec<RowIssue>,
}

pub async fn resolve(
    tx: &mut dyn CatalogueImport,
    plan: &Plan,
    progress: &dyn Progress,
) -> Result<Resolved, StoreError> {
    let rows = plan
        .products
        .iter()
        .flat_map(|p| std::iter::once(&p.row).chain(&p.variations));
    let reserved = rows.filter_map(|r| r.id).collect();
    let mut r = Resolver {
        tx,
        reserved,
        errors: Vec::new(),
    };
    progress.start("Checking", plan.products.len() as u64);
    let mut ids = Vec::with_capacity(plan.products.len());
    for planned in &plan.products {
        let id = ProductId(r.id_of(&planned.row).await?);
        let existing = r.tx.existing_product(id).await?;
        let mut variations = Vec::with_capacity(planned.variations.len());
        for v in &planned.variations {
            let wanted = selections(&planned.row, v);
            let reuse = existing.as_ref().and_then(|e| {
                e.variations
                    .iter()
                    .find(|ev| ev.attributes == wanted)
                    .map(|ev| ev.id.0)
            });
            let id = match (v.id, &v.sku, reuse) {
                (None, None, Some(old)) => old,
                _ => r.id_of(v).await?,
            };
            variations.push(VariationId(id));
        }
        ids.push(ProductIds {
            id,
            existing,
            variations,
        });
        progress.advance(1);
    }
    let (links, warnings) = r.links(plan, &ids).await?;
    Ok(Resolved {
        ids,
        links,
        errors: r.errors,
        warnings,
    })
}

impl Resolver<'_> {
    async fn id_of(&mut self, row: &ProductRow) -> Result<i64, StoreError> {
        let stored = match &row.sku {
            Some(sku) => self.tx.product_id_by_sku(sku).await?.map(|p| p.0),
            None => None,
        };
        match (row.id, stored) {
            (Some(id), Some(other)) if other != id => {
                let message = format!(
                    "SKU {:?} already belongs to product {other}",
                    row.sku.as_deref().unwrap_or("")
                );
                self.errors
                    .push(RowIssue::new(row.row, Some("SKU"), message));
                Ok(id)
            }
            (Some(id), _) | (None, Some(id)) => Ok(id),
            (None, None) => self.fresh_id().await,
        }
    }

    async fn fresh_id(&mut self) -> Result<i64, StoreError> {
        loop {
            let id = self.tx.allocate_id().await?;
            if self.reserved.insert(id) {
                return Ok(id);
            }
        }
    }

    async fn links(
        &mut self,
        plan: &Plan,
        ids: &[ProductIds],
    ) -> Result<(Vec<ProductLinks>, Vec<RowIssue>), StoreError> {
        let product_rows: Vec<ProductRow> = plan.products.iter().map(|p| p.row.clone()).collect();
        let (index, _) = RowIndex::build(&product_rows, &plan.invalid);
        let mut warnings = Vec::new();
        let mut all = Vec::with_capacity(ids.len());
        for row in &product_rows {
            let mut links = ProductLinks::default();
            for child in &row.grouped {
                if let Some(id) = self
                    .member(row, child, "Grouped products", &index, ids)
                    .await?
                {
                    links.grouped.push(id);
                }
            }
            for item in &row.bundled {
                if let Some(id) = self
                    .member(row, &item.item, "Bundled items", &index, ids)
                    .await?
                {
                    links.bundled.push(BundleItem {
                        product_id: id,
                        quantity: item.quantity,
                        price: item.price,
                    });
                }
            }
            for (list, column, out) in [
                (&row.upsells, "Upsells", &mut links.upsells),
                (&row.cross_sells, "Cross-sells", &mut links.cross_sells),
            ] {
                for r in list {
                    match self.find(r, &index, ids).await? {
                        Some(id) => out.push(id),
                        None => warnings.push(RowIssue::new(
                            row.row,
                            Some(column),
                            format!("ignored {r}: no such product in the file or the shop"),
                        )),
                    }
                }
            }
            all.push(links);
        }
        Ok((all, warnings))
    }

    /// A grouped child or bundled item; one that cannot be found is an error of the row.
    async fn member(
        &mut self,
        row: &ProductRow,
        reference: &Reference,
        column: &str,
        index: &RowIndex,
        ids: &[ProductIds],
    ) -> Result<Option<ProductId>, StoreError> {
        let found = self.find(reference, index, ids).await?;
        if found.is_none() {
            let message = format!("no product {reference} in the file or the shop");
            self.errors
                .push(RowIssue::new(row.row, Some(column), message));
        }
        Ok(found)
    }

    async fn find(
        &mut self,
        reference: &Reference,
        index: &RowIndex,
        ids: &[ProductIds],
    ) -> Result<Option<ProductId>, StoreError> {
        match (index.find(reference), reference) {
            (Found::Row(i), _) => Ok(ids.get(i).map(|p| p.id)),
            (Found::Invalid(_), _) => Ok(None),
            (Found::Missing, Reference::Sku(sku)) => self.tx.product_id_by_sku(sku).await,
            (Found::Missing, Reference::Id(id)) => {
                let stored = self.tx.existing_product(ProductId(*id)).await?;
                Ok(stored.map(|p| p.id))
            }
        }
    }
}
