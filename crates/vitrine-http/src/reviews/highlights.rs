//! "What shoppers say": the home page's newest well-rated approved reviews, with the product
//! each one is about.

use vitrine_app::reviews::Highlight;
use vitrine_domain::review::Rating;

use crate::error::ApiResult;
use crate::state::AppState;
use crate::views::ReviewHighlightView;

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
