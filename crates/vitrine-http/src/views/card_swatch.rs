//! Swatches on listing cards (issue 13, spec §2 "swatches may be offered"): one per option of
//! a variable product's first variation attribute (its colour when it has one), carrying the
//! image and price of the first variation with that option, so the card can show them
//! without a request.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::AppResult;
use vitrine_domain::catalogue::{Attribute, PriceRange, Product, ProductKind};
use vitrine_domain::pricing::discount::Customer;

use super::ViewContext;
use super::image::ImageView;
use super::price::PriceView;

/// One option of the card's swatch attribute.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CardSwatchView {
    /// The attribute's label ("Color").
    pub attribute: String,
    /// The option ("Blue").
    pub value: String,
    /// The variation's image; null when it has none (the card keeps the product's).
    #[schema(required = true)]
    pub image: Option<ImageView>,
    /// The variation's price in the request's currency; null when it has none.
    #[schema(required = true)]
    pub price: Option<PriceView>,
}

/// The swatches of `product`'s card: empty unless it is variable.
pub fn card_swatches(product: &Product, cx: &ViewContext<'_>) -> AppResult<Vec<CardSwatchView>> {
    if product.kind != ProductKind::Variable {
        return Ok(Vec::new());
    }
    let Some(attribute) = swatch_attribute(product) else {
        return Ok(Vec::new());
    };
    let mut swatches = Vec::new();
    for value in &attribute.options {
        let Some(variation) = product
            .active_variations()
            .find(|v| v.value_of(&attribute.slug) == Some(value.as_str()))
        else {
            continue;
        };
        let shown = cx
            .pricer
            .shown_variation(product, variation, Customer::guest(), cx.now)?;
        swatches.push(CardSwatchView {
            attribute: attribute.name.clone(),
            value: value.clone(),
            image: variation
                .image
                .as_ref()
                .map(|i| ImageView::new(i, &format!("{} – {value}", product.name))),
            price: shown.map(|s| cx.prices.view(PriceRange::single(s.price), s.was)),
        });
    }
    Ok(swatches)
}

/// The colour attribute when there is one (what shoppers pick by eye), else the first one
/// variations are made of.
fn swatch_attribute(product: &Product) -> Option<&Attribute> {
    let variation_attributes = || product.attributes.iter().filter(|a| a.variation);
    variation_attributes()
        .find(|a| {
            let slug = a.slug.strip_prefix("pa_").unwrap_or(&a.slug);
            slug.eq_ignore_ascii_case("color") || slug.eq_ignore_ascii_case("colour")
        })
        .or_else(|| variation_attributes().next())
}
