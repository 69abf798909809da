//! "What shoppers say": the home page's newest well-rated approved reviews, with the product
//! each one is about.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::reviews::Highlight;
use vitrine_domain::review::Rating;

use crate::error::ApiResult;
use crate::state::AppState;

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

/// The home page's highlights.
pub async fn highlights(state: &AppState) -> ApiResult<Vec<ReviewHighlightView>> {
    let highlights = state.shop().reviews().highlights().await?;
    Ok(highlights
        .iter()
        .map(|Highlight { review, product }| ReviewHighlightView {
            id: review.id.0,
            author: review.author.clone(),
            rating: review.rating.map_or(0, Rating::stars),
            text: review.text.clone(),
            product_name: product.name.clone(),
            product_url: crate::views::product_url(product),
        })
        .collect())
}
