//! The built web app (`web/dist`), embedded: its `index.html` shell and static files.

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use super::entry;
use crate::error::ApiError;

/// `web/dist`, embedded at compile time in release builds and read from disk in debug ones.
/// Missing when the web app is not built (tests, API-only work): the shell falls back to
/// [`FALLBACK_SHELL`].
#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Dist;

/// Used when `web/dist/index.html` is absent; same placeholders as `web/index.html`.
pub const FALLBACK_SHELL: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    \
    <meta charset=\"UTF-8\" />\n    <meta name=\"viewport\" content=\"width=device-width, \
    initial-scale=1\" />\n    <!--vitrine:head-->\n  </head>\n  <body>\n    \
    <div id=\"root\"><!--vitrine:body--></div>\n    <!--vitrine:data-->\n  </body>\n</html>\n";

/// The HTML shell: the built `index.html` with its entry run after the first paint
/// ([`entry::after_first_paint`]), or the fallback. Embedded (release), it is prepared once.
pub fn shell() -> Cow<'static, str> {
    static PREPARED: OnceLock<String> = OnceLock::new();
    match Dist::get("index.html") {
        Some(file) => match file.data {
            Cow::Borrowed(bytes) => Cow::Borrowed(
                PREPARED.get_or_init(|| entry::after_first_paint(&String::from_utf8_lossy(bytes))),
            ),
            Cow::Owned(bytes) => {
                Cow::Owned(entry::after_first_paint(&String::from_utf8_lossy(&bytes)))
            }
        },
        None => Cow::Borrowed(FALLBACK_SHELL),
    }
}

/// Hashed build output under `/assets/`: cached for a year, immutable.
pub fn asset(path: &str, headers: &HeaderMap) -> Response {
    match file(
        &format!("assets/{path}"),
        "public, max-age=31536000, immutable",
        headers,
    ) {
        Some(response) => response,
        None => ApiError::not_found().into_response(),
    }
}

/// Other files at the root of the build (`/favicon.svg`, `/robots.txt`), cached briefly.
pub fn root_file(path: &str, headers: &HeaderMap) -> Option<Response> {
    let name = path.strip_prefix('/')?;
    if name.is_empty() || name == "index.html" || !name.contains('.') {
        return None;
    }
    file(name, "public, max-age=3600", headers)
}

fn file(name: &str, cache: &'static str, headers: &HeaderMap) -> Option<Response> {
    let file = Dist::get(name)?;
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..12]));
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mime = file.metadata.mimetype().to_owned();
        ([(header::CONTENT_TYPE, mime)], file.data.into_owned()).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    Some(response)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Fills the shell. A shell without a placeholder (an old build) still gets everything:
/// head before `</head>`, body inside `#root`, data before `</body>`.
pub fn fill(shell: &str, head: &str, body: &str, data: &str) -> String {
    let mut html = shell.to_owned();
    insert(&mut html, "<!--vitrine:head-->", "</head>", head);
    if html.contains("<!--vitrine:body-->") {
        html = html.replacen("<!--vitrine:body-->", body, 1);
    } else {
        html = html.replacen(
            "<div id=\"root\"></div>",
            &format!("<div id=\"root\">{body}</div>"),
            1,
        );
    }
    insert(&mut html, "<!--vitrine:data-->", "</body>", data);
    html
}

/// Replaces the placeholder, or inserts the content just before `anchor`.
fn insert(html: &mut String, placeholder: &str, anchor: &str, content: &str) {
    if html.contains(placeholder) {
        *html = html.replacen(placeholder, content, 1);
    } else if let Some(at) = html.find(anchor) {
        html.insert_str(at, content);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_shell_has_every_placeholder_filled() {
        let html = fill(
            FALLBACK_SHELL,
            "<title>T</title>",
            "<h1>B</h1>",
            "<script>D</script>",
        );
        assert!(html.contains("<title>T</title>\n  </head>"));
        assert!(html.contains("<div id=\"root\"><h1>B</h1></div>"));
        assert!(html.contains("<script>D</script>\n  </body>"));
        assert!(!html.contains("vitrine:"));
    }

    #[test]
    fn a_shell_without_placeholders_still_gets_head_body_and_data() {
        let shell = "<html><head></head><body><div id=\"root\"></div></body></html>";
        let html = fill(
            shell,
            "<title>T</title>",
            "<h1>B</h1>",
            "<script>D</script>",
        );
        assert_eq!(
            html,
            "<html><head><title>T</title></head><body><div id=\"root\"><h1>B</h1></div>\
             <script>D</script></body></html>"
        );
    }
}
