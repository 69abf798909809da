//! "What shoppers say": the home page's newest well-rated approved reviews, with the product
//! each one is about.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::ProductId;
use vitrine_domain::review::Rating;

use crate::error::ApiResult;
use crate::state::AppState;

/// Reviews the home page's slider shows, and the stars they need.
pub const HIGHLIGHTS: u32 = 6;
pub const HIGHLIGHT_MIN_STARS: u8 = 4;

/// A review quoted on the home page. `text` is plain text: render it escaped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReviewHighlightView {
    pub id: i64,
    pub author: String,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: u8,
    pub text: String,
    pub product_name: String,
    pub product_url: String,
}

/// The highlights of listed products (none without a review store).
pub async fn highlights(state: &AppState) -> ApiResult<Vec<ReviewHighlightView>> {
    let Some(store) = state.reviews.as_deref() else {
        return Ok(Vec::new());
    };
    let reviews = store.highlights(HIGHLIGHT_MIN_STARS, HIGHLIGHTS).await?;
    if reviews.is_empty() {
        return Ok(Vec::new());
    }
    let mut ids: Vec<ProductId> = reviews.iter().map(|r| r.product_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let products = state.store().products_by_ids(&ids).await?;
    Ok(reviews
        .iter()
        .filter_map(|review| {
            let product = products.iter().find(|p| p.id == review.product_id)?;
            Some(ReviewHighlightView {
                id: review.id.0,
                author: review.author.clone(),
                rating: review.rating.map_or(0, Rating::stars),
                text: review.text.clone(),
                product_name: product.name.clone(),
                product_url: crate::views::product_url(product),
            })
        })
        .collect())
}
