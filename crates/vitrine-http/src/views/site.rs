//! The shop itself on the wire: name, currencies and price format, category menu, grid
//! settings.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::{Category, CategoryTree};
use vitrine_domain::money::SymbolPosition;

use super::ViewContext;
use super::currency::CurrencySiteView;
use super::product_detail::category_url;
use crate::settings::FeedBlock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SymbolPositionView {
    Left,
    Right,
    LeftSpace,
    RightSpace,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PriceFormatView {
    pub symbol: String,
    pub position: SymbolPositionView,
    pub thousand_separator: String,
    pub decimal_separator: String,
    pub decimals: u32,
}

/// A category in the shop's menu, with how many listed products it holds (descendants
/// included).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CategoryView {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub url: String,
    #[schema(required = true)]
    pub parent: Option<i64>,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SiteView {
    pub name: String,
    pub tagline: String,
    pub base_currency: String,
    /// How prices in `currency.current` are written (every price of the answer is in it).
    pub price_format: PriceFormatView,
    /// The shopper's currency and the switcher's options.
    pub currency: CurrencySiteView,
    pub categories: Vec<CategoryView>,
    pub per_page: u32,
    pub columns: u32,
    /// The theme's options (`[shop.theme]`).
    pub theme: crate::theme::ThemeView,
    /// The shop is in coming-soon mode (only users who may see it get here; ADR 0010).
    pub coming_soon: bool,
    /// The Instagram feed block; null when none is configured.
    #[schema(required = true)]
    pub instagram: Option<InstagramBlockView>,
}

impl CategoryView {
    pub fn new(tree: &CategoryTree, category: &Category, count: u64) -> Self {
        Self {
            id: category.id.0,
            name: category.name.clone(),
            slug: category.slug.to_string(),
            url: category_url(tree, category),
            parent: category.parent.map(|p| p.0),
            count,
        }
    }
}

impl SiteView {
    pub fn new(categories: Vec<CategoryView>, cx: &ViewContext<'_>) -> Self {
        let settings = cx.settings;
        let format = cx.prices.format;
        Self {
            name: settings.name.clone(),
            tagline: settings.tagline.clone(),
            base_currency: settings.base_currency.code().to_owned(),
            price_format: PriceFormatView {
                symbol: format.symbol.clone(),
                position: match format.position {
                    SymbolPosition::Left => SymbolPositionView::Left,
                    SymbolPosition::Right => SymbolPositionView::Right,
                    SymbolPosition::LeftSpace => SymbolPositionView::LeftSpace,
                    SymbolPosition::RightSpace => SymbolPositionView::RightSpace,
                },
                thousand_separator: format.thousand_separator.clone(),
                decimal_separator: format.decimal_separator.clone(),
                decimals: format.decimals,
            },
            currency: CurrencySiteView::new(cx.pricer, &settings.currency_switcher),
            categories,
            per_page: settings.per_page,
            columns: settings.columns,
            theme: crate::theme::ThemeView::from(&settings.theme),
            coming_soon: settings.coming_soon,
            instagram: settings.instagram.as_ref().map(InstagramBlockView::from),
        }
    }
}

/// The block as the site view describes it (null when no feed is configured).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct InstagramBlockView {
    pub title: String,
    /// "Follow us on Instagram" link; null for none.
    #[schema(required = true)]
    pub profile_url: Option<String>,
    /// How many posts the block shows (its placeholders reserve that space).
    pub limit: u32,
}

impl From<&FeedBlock> for InstagramBlockView {
    fn from(s: &FeedBlock) -> Self {
        Self {
            title: s.title.clone(),
            profile_url: s.profile_url.clone(),
            limit: s.limit,
        }
    }
}
