//! Storefront HTML: every non-API GET resolves to `PageData`, rendered into the web app's
//! shell with head metadata, JSON-LD, a plain body and the inlined data (ADR 0004).

mod account_route;
mod assets;
mod body;
mod entry;
mod frame;
mod head;
mod jsonld;
mod listing_tools;
mod page_events;
mod pages;
mod route;
mod seo;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};

pub use account_route::{AccountArea, AddressPage};
pub use pages::{Resolution, orderby_value, resolve};

use crate::currency;
use crate::error::ApiError;
use crate::html::script_json;
use crate::read_cache;
use crate::state::AppState;
use crate::tracking;
use crate::views::PageData;

/// The router's fallback: storefront pages, root files of the web build, and the JSON 404
/// for unknown `/api` paths. Every visitor in one currency gets the same HTML for the same
/// page (nothing personal is embedded: that comes from `/api/v1/session` and
/// `/api/v1/tracking/token`); `?wmc-currency=EUR` switches and writes the currency cookies.
pub async fn serve_storefront(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found().into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return ApiError::method_not_allowed().into_response();
    }
    if let Some(file) = assets::root_file(path, &headers) {
        return file;
    }
    let may_see_shop = match crate::account::may_see_shop(&headers, &state).await {
        Ok(may) => may,
        Err(err) => return error_page(err),
    };
    let query = uri.query().unwrap_or_default();
    let asked = currency::asked_in(query);
    let (currency, switch) = currency::page(&state, &headers, &[asked.as_deref()]);
    // Kept per catalogue version: the page depends on the address, the currency and whether
    // the shop is open to this visitor (coming-soon mode), nothing else of the request.
    let address = format!("html {} {path}?{query}", u8::from(may_see_shop));
    let shop_state = &state;
    let kept = read_cache::kept(shop_state, currency, address, |pricer| async move {
        match resolve(shop_state, &pricer, path, query, may_see_shop).await? {
            Resolution::Redirect(to) => Ok(redirect(&to)),
            Resolution::Page(status, data) => render_page(shop_state, status, &data, path),
        }
    })
    .await;
    let mut response = match kept {
        Ok(kept) => read_cache::respond(&headers, &kept),
        Err(err) => return error_page(err),
    };
    // The page is in the request's currency: caches keep one copy per currency cookie.
    currency::vary(&state, response.headers_mut());
    if let Some(switch) = switch {
        switch.write(
            response.headers_mut(),
            crate::cookies::secure_cookies(&headers, &state),
        );
    }
    response
}

/// `/assets/{*path}`: the web app's hashed build files.
pub async fn get_asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    assets::asset(&path, &headers)
}

fn redirect(to: &str) -> Response {
    match HeaderValue::from_str(to) {
        Ok(location) => (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, location)],
        )
            .into_response(),
        Err(_) => ApiError::not_found().into_response(),
    }
}

/// A page in the shell. Browsers revalidate storefront HTML (`no-cache` with the kept page's
/// `ETag`): catalogue changes (an import) must show on the next visit; the HTML is the same
/// for every visitor.
fn render_page(
    state: &AppState,
    status: StatusCode,
    data: &PageData,
    path: &str,
) -> Result<Response, ApiError> {
    let rendered = head::render(state, data).and_then(|head| {
        let json = script_json(data)?;
        let script = format!(
            "<script id=\"vitrine-data\" type=\"application/json\">{json}</script>{}{}",
            tracking::embed(state),
            crate::video::embed(&state.settings().video)
        );
        let privacy = banner(state);
        let frame = body::Frame {
            banner: privacy.as_ref().map(Option::as_deref),
            path,
        };
        Ok(assets::fill(
            &assets::shell(),
            &head,
            &body::render(data, &frame),
            &script,
        ))
    });
    let html = rendered.map_err(ApiError::internal)?;
    let mut response = (status, Html(html)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

/// The cookie banner the app shows a visitor who has not answered (web/src/app/tracking:
/// tracking configured and its banner on), with its privacy policy link; `None` without one.
fn banner(state: &AppState) -> Option<Option<String>> {
    let tracking = state.tracking()?;
    let consent = tracking.settings().public_config().consent;
    consent.banner.then_some(consent.privacy_policy_url)
}

/// A 500 page; the cause travels in the extensions to be logged with the request id.
fn error_page(err: ApiError) -> Response {
    let status = err.status();
    let mut json_response = err.into_response();
    let mut response = (
        status,
        Html(assets::fill(
            &assets::shell(),
            "<title>Something went wrong</title>",
            "<main id=\"main\" class=\"site-main\" tabindex=\"-1\"><h1>Something went wrong</h1><p>Please try again in a moment.</p></main>",
            "",
        )),
    )
        .into_response();
    std::mem::swap(response.extensions_mut(), json_response.extensions_mut());
    response
}
