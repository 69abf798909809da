//! The variations form data a variable product page embeds (spec §3 "Variations form data").

use std::collections::BTreeMap;
use vitrine_app::AppResult;

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::{Attribute, Product, Variation};

use super::ViewContext;
use super::image::ImageView;
use super::variation::VariationView;
use crate::settings::SwatchType;

/// What a swatch shows for one option.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct SwatchValueView {
    /// CSS colour for colour swatches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub color: Option<String>,
    /// Image for image swatches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub image_src: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub image_srcset: Option<String>,
}

/// One attribute of the form with its options and swatches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct VariationAttributeView {
    /// Label shown to shoppers ("Color").
    pub name: String,
    /// Form key ("attribute_color").
    pub key: String,
    pub options: Vec<String>,
    pub swatch: SwatchType,
    pub swatch_values: BTreeMap<String, SwatchValueView>,
}

/// Compact availability, always embedded: `entries` rows are
/// `[variation_id, in_stock (1|0), purchasable (1|0), option index per key (-1 = any)]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AvailabilityMapView {
    pub keys: Vec<String>,
    pub options: Vec<Vec<String>>,
    pub entries: Vec<Vec<i64>>,
}

/// `web/src/features/variations/types.ts` `VariationsFormData`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct VariationsFormDataView {
    pub product_id: i64,
    pub attributes: Vec<VariationAttributeView>,
    /// Every variation when `total_children <= threshold_max`, else null (looked up per
    /// selection through the match endpoint).
    #[schema(required = true)]
    pub product_variations: Option<Vec<VariationView>>,
    pub availability: AvailabilityMapView,
    pub threshold_max: u32,
    pub total_children: u32,
    /// Attribute key whose choice previews an image before all are chosen (null = first).
    #[schema(required = true)]
    pub preview_attribute: Option<String>,
    pub stock_left_threshold: u32,
    pub clickable_out_of_stock: bool,
    pub clear_on_reselect: bool,
    pub sync_address: bool,
    /// Chosen on first load (attribute key → value).
    pub default_attributes: BTreeMap<String, String>,
}

/// Variations a shopper may see: enabled and priced (WooCommerce hides invisible ones).
pub fn visible_variations(product: &Product) -> Vec<&Variation> {
    product.active_variations().collect()
}

/// The attributes used for variations, in the product's order.
pub fn variation_attributes(product: &Product) -> impl Iterator<Item = &Attribute> {
    product.attributes.iter().filter(|a| a.variation)
}

impl VariationsFormDataView {
    /// An error when a variation's price cannot be converted.
    pub fn new(product: &Product, cx: &ViewContext<'_>) -> AppResult<Self> {
        let settings = &cx.settings.variations;
        let variations = visible_variations(product);
        let total = u32::try_from(variations.len()).unwrap_or(u32::MAX);
        let attributes: Vec<_> = variation_attributes(product)
            .map(|a| attribute_view(product, a, cx))
            .collect();
        let product_variations = (total <= settings.threshold)
            .then(|| {
                variations
                    .iter()
                    .map(|v| VariationView::new(product, v, cx))
                    .collect::<AppResult<Vec<_>>>()
            })
            .transpose()?;
        Ok(Self {
            product_id: product.id.0,
            availability: availability_map(product, &variations, cx),
            attributes,
            product_variations,
            threshold_max: settings.threshold,
            total_children: total,
            preview_attribute: settings
                .preview_attribute
                .as_ref()
                .map(|slug| format!("attribute_{slug}")),
            stock_left_threshold: settings.stock_left_threshold,
            clickable_out_of_stock: settings.clickable_out_of_stock,
            clear_on_reselect: settings.clear_on_reselect,
            sync_address: settings.sync_address,
            default_attributes: product
                .default_attributes
                .iter()
                .filter(|(_, value)| !value.is_empty())
                .map(|(slug, value)| (format!("attribute_{slug}"), value.clone()))
                .collect(),
        })
    }
}

fn attribute_view(
    product: &Product,
    attribute: &Attribute,
    cx: &ViewContext<'_>,
) -> VariationAttributeView {
    let settings = &cx.settings.variations;
    let swatch = settings.swatch_type(&attribute.slug, &attribute.name);
    let swatch_values = attribute
        .options
        .iter()
        .filter_map(|option| {
            let value = match swatch {
                SwatchType::Color => SwatchValueView {
                    color: settings.colour_of(&attribute.slug, option),
                    ..SwatchValueView::default()
                },
                SwatchType::Image => {
                    let image = image_for_option(product, &attribute.slug, option)?;
                    SwatchValueView {
                        image_src: Some(image.thumb_src),
                        image_srcset: Some(image.srcset),
                        ..SwatchValueView::default()
                    }
                }
                SwatchType::Button | SwatchType::Select => return None,
            };
            Some((option.clone(), value))
        })
        .collect();
    VariationAttributeView {
        name: attribute.name.clone(),
        key: attribute.form_key(),
        options: attribute.options.clone(),
        swatch,
        swatch_values,
    }
}

fn image_for_option(product: &Product, slug: &str, option: &str) -> Option<ImageView> {
    product
        .active_variations()
        .filter(|v| v.value_of(slug) == Some(option))
        .find_map(|v| v.image.as_ref())
        .map(|i| ImageView::new(i, &product.name))
}

fn availability_map(
    product: &Product,
    variations: &[&Variation],
    cx: &ViewContext<'_>,
) -> AvailabilityMapView {
    let attributes: Vec<&Attribute> = variation_attributes(product).collect();
    let entries = variations
        .iter()
        .filter_map(|v| {
            let mut row = vec![
                v.id.0,
                i64::from(v.inventory.is_in_stock()),
                i64::from(product.is_published() && v.pricing.active(cx.now).is_some()),
            ];
            for a in &attributes {
                let index = match v.value_of(&a.slug) {
                    None | Some("") => -1,
                    // A value outside the options can never be chosen: leave the row out.
                    Some(value) => a.options.iter().position(|o| o == value)? as i64,
                };
                row.push(index);
            }
            Some(row)
        })
        .collect();
    AvailabilityMapView {
        keys: attributes.iter().map(|a| a.form_key()).collect(),
        options: attributes.iter().map(|a| a.options.clone()).collect(),
        entries,
    }
}
