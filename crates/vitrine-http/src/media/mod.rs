//! `/media/{image_id}-{width}.svg`: the shop's own artwork for catalogue images (ADR 0006),
//! so the demo looks right offline and never hotlinks the imported URLs.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use vitrine_domain::catalogue::ImageId;

use crate::artwork::{OWNERS_READ, Subject, drawn_as, render_svg};

use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::AppPath;
use crate::state::AppState;
use crate::views::IMAGE_WIDTHS;

/// What image `id` shows, from the products showing it (ADR 0044), kept per catalogue
/// version.
async fn subject(state: &AppState, id: ImageId) -> ApiResult<Option<Subject>> {
    let version = state.shop().catalogue_version().current().await?;
    if let Some(found) = state.media().get(id, version) {
        return Ok(Some(found));
    }
    let products = state
        .shop()
        .catalogue()
        .products_with_image(id, OWNERS_READ)
        .await?;
    let found = drawn_as(id, &products);
    if let Some(subject) = &found {
        state.media().keep(id, version, subject.clone());
    }
    Ok(found)
}

/// `"12-600.svg"` → (image 12, width 600), for the widths the shop renders.
fn parse_file(file: &str) -> Option<(ImageId, u32)> {
    let (id, width) = file.strip_suffix(".svg")?.rsplit_once('-')?;
    let width: u32 = width.parse().ok()?;
    IMAGE_WIDTHS.contains(&width).then_some(())?;
    Some((ImageId(id.parse().ok()?), width))
}

/// Artwork for a catalogue image.
#[utoipa::path(get, path = "/media/{file}", tag = "media",
    params(("file" = String, Path, description = "`{image_id}-{width}.svg`, width 100, 300, 600 or 1200")),
    responses(
        (status = 200, description = "SVG artwork", content_type = "image/svg+xml", body = String),
        (status = 304, description = "Not modified (ETag)"),
        (status = 404, description = "Unknown image or width", body = ErrorBody)))]
pub async fn get_media(
    State(state): State<AppState>,
    AppPath(file): AppPath<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (id, width) = parse_file(&file).ok_or_else(ApiError::not_found)?;
    let subject = subject(&state, id).await?.ok_or_else(ApiError::not_found)?;
    let svg = render_svg(&subject, width);
    let etag = format!("\"{:016x}\"", fnv1a(svg.as_bytes()));
    let cache = HeaderValue::from_static("public, max-age=31536000, immutable");
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, cache);
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    Ok(response)
}

/// FNV-1a: a stable, dependency-free content hash for ETags.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_file_names_carry_id_and_a_known_width() {
        assert_eq!(parse_file("12-600.svg"), Some((ImageId(12), 600)));
        assert_eq!(parse_file("12-601.svg"), None);
        assert_eq!(parse_file("12-600.png"), None);
        assert_eq!(parse_file("abc-600.svg"), None);
        assert_eq!(parse_file("600.svg"), None);
    }
}
