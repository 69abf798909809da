//! Listing queries (shop, category, tag, search, featured) and WooCommerce's result-count text.

use serde::{Deserialize, Serialize};

use super::{CategoryId, LayeredFilter, TagId};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ListingFilter {
    /// Every product shown in the catalogue (visibility visible or catalog).
    Shop,
    /// Products in any of these categories (a category and its descendants).
    Categories(Vec<CategoryId>),
    Tag(TagId),
    Featured,
    /// Products whose name, SKU or descriptions contain the text (visibility visible or search).
    Search(String),
}

/// The "Shop order" options, with WooCommerce's `orderby` values. Popularity is total sales
/// (paid order lines), most first; rating is the average of approved reviews' stars, then how
/// many rated; every order ends on a stable tie-break so pages never overlap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ListingSort {
    #[default]
    MenuOrder,
    Popularity,
    Rating,
    Date,
    Price,
    PriceDesc,
}

impl ListingSort {
    pub fn parse(value: &str) -> Option<Self> {
        Some(match value {
            "menu_order" | "" => Self::MenuOrder,
            "popularity" => Self::Popularity,
            "rating" => Self::Rating,
            "date" => Self::Date,
            "price" => Self::Price,
            "price-desc" => Self::PriceDesc,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// 1-based.
    pub page: u32,
    pub per_page: u32,
}

impl PageRequest {
    pub const MAX_PER_PAGE: u32 = 100;

    pub fn offset(&self) -> u64 {
        u64::from(self.page.saturating_sub(1)) * u64::from(self.per_page)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingQuery {
    pub filter: ListingFilter,
    /// Attribute and price filters (layered navigation) on top of `filter`.
    pub layered: LayeredFilter,
    pub sort: ListingSort,
    pub page: PageRequest,
}

/// What sales and reviews say of a product, kept beside it for the popularity and rating
/// orders: units sold on paid orders, and approved reviews' average stars in hundredths
/// (4.5 stars is 450) with how many rated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProductStats {
    pub total_sales: i64,
    pub average_rating: i64,
    pub rating_count: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ListingPage<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: PageRequest,
}

impl<T> ListingPage<T> {
    pub fn total_pages(&self) -> u64 {
        self.total.div_ceil(u64::from(self.page.per_page.max(1)))
    }
}

/// WooCommerce's result-count phrases.
pub fn result_count_text(total: u64, page: PageRequest) -> String {
    let per_page = u64::from(page.per_page);
    if total == 1 {
        "Showing the single result".into()
    } else if total <= per_page {
        format!("Showing all {total} results")
    } else {
        let first = page.offset() + 1;
        let last = (page.offset() + per_page).min(total);
        format!("Showing {first}–{last} of {total} results")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(page: u32) -> PageRequest {
        PageRequest { page, per_page: 12 }
    }

    #[test]
    fn result_count_uses_woocommerce_phrases() {
        assert_eq!(result_count_text(1, page(1)), "Showing the single result");
        assert_eq!(result_count_text(7, page(1)), "Showing all 7 results");
        assert_eq!(result_count_text(17, page(1)), "Showing 1–12 of 17 results");
        assert_eq!(
            result_count_text(17, page(2)),
            "Showing 13–17 of 17 results"
        );
    }

    #[test]
    fn result_count_switches_phrase_exactly_past_one_page_of_twelve() {
        assert_eq!(result_count_text(2, page(1)), "Showing all 2 results");
        assert_eq!(result_count_text(12, page(1)), "Showing all 12 results");
        assert_eq!(result_count_text(13, page(1)), "Showing 1–12 of 13 results");
        assert_eq!(
            result_count_text(13, page(2)),
            "Showing 13–13 of 13 results"
        );
        assert_eq!(
            result_count_text(24, page(2)),
            "Showing 13–24 of 24 results"
        );
    }

    #[test]
    fn sort_accepts_only_woocommerce_orderby_values() {
        assert_eq!(
            ListingSort::parse("price-desc"),
            Some(ListingSort::PriceDesc)
        );
        assert_eq!(ListingSort::parse("drop table"), None);
    }
}
