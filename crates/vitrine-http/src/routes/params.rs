//! Listing query parameters: parsed by hand so every malformed one is a 400 naming its field.

use serde::Deserialize;
use utoipa::IntoParams;
use vitrine_domain::catalogue::{ListingFilter, ListingQuery, ListingSort, PageRequest};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// `GET /api/v1/products` parameters. At most one of category, tag, featured and search.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListProductsParams {
    /// 1-based page number (default 1).
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// Products per page, 1–100 (default: the shop's, 12).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 100)]
    pub per_page: Option<String>,
    /// WooCommerce's `orderby`: menu_order, popularity, rating, date, price, price-desc.
    pub orderby: Option<String>,
    /// Category slug path, e.g. `clothing/tshirts`.
    pub category: Option<String>,
    /// Tag slug.
    pub tag: Option<String>,
    /// Only featured products.
    #[param(value_type = Option<bool>)]
    pub featured: Option<String>,
    /// Text in the name, SKU or descriptions.
    pub search: Option<String>,
}

/// A parameter's value, with "" treated as absent (as HTML forms send it).
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

pub fn parse_page(value: &Option<String>) -> ApiResult<u32> {
    match given(value) {
        None => Ok(1),
        Some(v) => v.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
            ApiError::invalid_parameter("page", "`page` must be a whole number from 1.")
        }),
    }
}

pub fn parse_per_page(value: &Option<String>, default: u32) -> ApiResult<u32> {
    let max = PageRequest::MAX_PER_PAGE;
    match given(value) {
        None => Ok(default.clamp(1, max)),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| {
                ApiError::invalid_parameter(
                    "per_page",
                    format!("`per_page` must be a whole number from 1 to {max}."),
                )
            }),
    }
}

pub fn parse_orderby(value: &Option<String>) -> ApiResult<ListingSort> {
    let v = given(value).unwrap_or("menu_order");
    ListingSort::parse(v).ok_or_else(|| {
        ApiError::invalid_parameter(
            "orderby",
            "`orderby` must be one of menu_order, popularity, rating, date, price, price-desc.",
        )
    })
}

fn parse_bool(field: &str, value: &Option<String>) -> ApiResult<bool> {
    match given(value) {
        None | Some("false" | "0" | "no") => Ok(false),
        Some("true" | "1" | "yes") => Ok(true),
        Some(_) => Err(ApiError::invalid_parameter(
            field,
            format!("`{field}` must be true or false."),
        )),
    }
}

/// The listing filter: category and tag are looked up (404 when unknown).
async fn parse_filter(state: &AppState, p: &ListProductsParams) -> ApiResult<ListingFilter> {
    let featured = parse_bool("featured", &p.featured)?;
    let chosen = [
        given(&p.category).map(|_| "category"),
        given(&p.tag).map(|_| "tag"),
        featured.then_some("featured"),
        given(&p.search).map(|_| "search"),
    ];
    let mut named = chosen.into_iter().flatten();
    let (Some(first), second) = (named.next(), named.next()) else {
        return Ok(ListingFilter::Shop);
    };
    if let Some(second) = second {
        return Err(ApiError::invalid_parameter(
            second,
            format!("Filter by one of category, tag, featured or search; `{first}` is given."),
        ));
    }
    match first {
        "category" => {
            let path = given(&p.category).unwrap_or_default();
            Ok(state.shop().catalogue().category_filter(path).await?)
        }
        "tag" => {
            let slug = given(&p.tag).unwrap_or_default();
            Ok(state.shop().catalogue().tag_filter(slug).await?)
        }
        "featured" => Ok(ListingFilter::Featured),
        _ => Ok(ListingFilter::Search(
            given(&p.search).unwrap_or_default().to_owned(),
        )),
    }
}

impl ListProductsParams {
    /// The full query, or the first malformed parameter.
    pub async fn to_query(&self, state: &AppState) -> ApiResult<ListingQuery> {
        let page = PageRequest {
            page: parse_page(&self.page)?,
            per_page: parse_per_page(&self.per_page, state.settings().per_page)?,
        };
        let sort = parse_orderby(&self.orderby)?;
        let filter = parse_filter(state, self).await?;
        Ok(ListingQuery {
            filter,
            layered: Default::default(),
            sort,
            page,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(v: &str) -> Option<String> {
        Some(v.to_owned())
    }

    #[test]
    fn malformed_paging_is_rejected_with_the_field() {
        assert_eq!(parse_page(&None).ok(), Some(1));
        let err = parse_page(&some("abc")).err().map(|e| e.status().as_u16());
        assert_eq!(err, Some(400));
        assert!(parse_page(&some("0")).is_err());
        assert!(parse_per_page(&some("0"), 12).is_err());
        assert!(parse_per_page(&some("1000"), 12).is_err());
        assert_eq!(parse_per_page(&some("100"), 12).ok(), Some(100));
        assert_eq!(parse_per_page(&some(""), 12).ok(), Some(12));
    }

    #[test]
    fn only_woocommerce_orderby_values_are_accepted() {
        assert_eq!(
            parse_orderby(&some("price-desc")).ok(),
            Some(ListingSort::PriceDesc)
        );
        assert!(parse_orderby(&some("nope")).is_err());
    }
}
