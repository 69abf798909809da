//! Turning a planned row (with its variations, ids and links) into the domain [`Product`].

use std::collections::HashMap;

use time::OffsetDateTime;
use vitrine_domain::catalogue::{
    Attribute, Bundle, CategoryId, Image, ImageId, Product, ProductKind, ProductStatus, Slug,
    TagId, Variation,
};
use vitrine_domain::money::Money;

use crate::attributes::RowAttribute;
use crate::resolve::{ProductIds, ProductLinks};
use crate::row::ProductRow;
use crate::selections::{attribute_slug, selections};
use crate::validate::PlannedProduct;

/// Category, tag and image ids already ensured in the store, and the colour of each image.
#[derive(Default)]
pub struct Media {
    pub categories: HashMap<Vec<String>, CategoryId>,
    pub tags: HashMap<String, TagId>,
    pub images: HashMap<String, ImageId>,
    pub colours: HashMap<String, String>,
}

impl Media {
    /// The image for a URL; alt text is the product name, title the file name.
    pub fn image(&self, url: &str, alt: &str) -> Option<Image> {
        let file = url.split(['?', '#']).next().unwrap_or(url);
        let file = file.rsplit('/').next().unwrap_or(file);
        Some(Image {
            id: *self.images.get(url)?,
            source_url: url.to_owned(),
            alt: alt.to_owned(),
            title: file
                .rsplit_once('.')
                .map_or(file, |(stem, _)| stem)
                .to_owned(),
            caption: String::new(),
            colour: self.colours.get(url).cloned(),
        })
    }
}

fn attribute(a: &RowAttribute, position: usize, for_variations: bool) -> Attribute {
    Attribute {
        name: a.name.clone(),
        slug: attribute_slug(&a.name, position),
        options: a.values.clone(),
        visible: a.visible,
        // WooCommerce's importer uses every attribute of a variable product for variations.
        variation: for_variations,
        global: a.global,
    }
}

/// What the builder needs beyond the rows.
pub struct Placement<'a> {
    pub ids: &'a ProductIds,
    pub links: ProductLinks,
    pub slug: Slug,
    pub created_at: OffsetDateTime,
}

pub fn build_product(planned: &PlannedProduct, place: Placement<'_>, media: &Media) -> Product {
    let row = &planned.row;
    let kind = row.kind().unwrap_or(ProductKind::Simple);
    let variable = kind == ProductKind::Variable;
    let attributes = row
        .attributes
        .iter()
        .enumerate()
        .map(|(i, a)| attribute(a, i, variable))
        .collect();
    let default_attributes = row
        .attributes
        .iter()
        .enumerate()
        .filter(|_| variable)
        .filter_map(|(i, a)| Some((attribute_slug(&a.name, i), a.default.clone()?)))
        .collect();
    let mut categories: Vec<CategoryId> = Vec::new();
    for path in &row.categories {
        if let Some(id) = media.categories.get(path)
            && !categories.contains(id)
        {
            categories.push(*id);
        }
    }
    let mut tags: Vec<TagId> = Vec::new();
    for id in row.tags.iter().filter_map(|t| media.tags.get(t)) {
        if !tags.contains(id) {
            tags.push(*id);
        }
    }
    let mut variations: Vec<Variation> = planned
        .variations
        .iter()
        .zip(&place.ids.variations)
        .map(|(v, id)| Variation {
            id: *id,
            sku: v.sku.clone(),
            name: variation_name(row, v),
            enabled: v.status == ProductStatus::Publish,
            attributes: selections(row, v),
            pricing: v.pricing,
            fixed_prices: v.fixed_prices.clone(),
            inventory: v.inventory.clone(),
            shipping: v.shipping.clone(),
            image: v.images.first().and_then(|u| media.image(u, &row.name)),
            description: v.description.clone(),
            is_virtual: v.types.is_virtual,
            downloadable: v.types.downloadable,
            menu_order: v.menu_order,
        })
        .collect();
    variations.sort_by_key(|v| v.menu_order);
    let links = place.links;
    let bundle = (kind == ProductKind::Bundle).then(|| Bundle {
        base_price: row.pricing.regular.unwrap_or(Money::zero(row.currency)),
        items: links.bundled,
    });
    Product {
        id: place.ids.id,
        kind,
        sku: row.sku.clone(),
        name: row.name.clone(),
        slug: place.slug,
        status: row.status,
        featured: row.featured,
        visibility: row.visibility,
        short_description: row.short_description.clone(),
        description: row.description.clone(),
        pricing: row.pricing,
        fixed_prices: row.fixed_prices.clone(),
        tax_status: row.tax_status.clone(),
        tax_class: row.tax_class.clone(),
        inventory: row.inventory.clone(),
        shipping: row.shipping.clone(),
        downloadable: row.types.downloadable,
        is_virtual: row.types.is_virtual,
        downloads: row.downloads.clone(),
        download_limit: row.download_limit,
        download_expiry_days: row.download_expiry_days,
        reviews_allowed: row.reviews_allowed,
        purchase_note: row.purchase_note.clone(),
        categories,
        tags,
        images: row
            .images
            .iter()
            .filter_map(|u| media.image(u, &row.name))
            .collect(),
        attributes,
        default_attributes,
        variations,
        grouped_children: links.grouped,
        upsells: links.upsells,
        cross_sells: links.cross_sells,
        external: row.external.clone(),
        bundle,
        menu_order: row.menu_order,
        created_at: place.created_at,
    }
}

/// WooCommerce names an unnamed variation "Parent - Value, Value".
fn variation_name(parent: &ProductRow, v: &ProductRow) -> String {
    if !v.name.is_empty() {
        return v.name.clone();
    }
    let values: Vec<&str> = v
        .attributes
        .iter()
        .filter_map(|a| a.values.first().map(String::as_str))
        .collect();
    if values.is_empty() {
        parent.name.clone()
    } else {
        format!("{} - {}", parent.name, values.join(", "))
    }
}
