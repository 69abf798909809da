//! What text written by the shop (imported descriptions, staff-written blocks) may contain when a
//! page shows it: one HTML policy for every rich field, plain text for names and labels, and
//! the link schemes a button may point at. The Content-Security-Policy is the second barrier,
//! never the only one (docs/security.md).

use std::collections::HashSet;
use std::sync::LazyLock;

use ammonia::Builder;

/// Elements whose whole content goes with them. Scripts and styles are code; frames, plugins,
/// forms, templates, SVG and MathML are where injected markup hides (their content is
/// re-parsed by browsers in ways a sanitiser's parser may not see the same); the raw-text
/// elements (`textarea`, `title`, `xmp`, `noscript`, …) would otherwise turn a payload into
/// visible text such as `<img src=x onerror=…>`.
const DROPPED_WITH_CONTENT: [&str; 19] = [
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "noframes",
    "noembed",
    "noscript",
    "object",
    "embed",
    "applet",
    "form",
    "template",
    "svg",
    "math",
    "textarea",
    "title",
    "xmp",
    "plaintext",
];

/// Link and image schemes a page may point at: the web, mail and phone. Everything else
/// (`javascript:`, `data:`, `vbscript:`, …) loses its attribute.
const URL_SCHEMES: [&str; 4] = ["http", "https", "mailto", "tel"];

/// WordPress's "post" formatting, as ammonia knows it (paragraphs, line breaks, emphasis,
/// lists, headings, quotes, code, tables, figures, images, links): ammonia's default tags and
/// attributes, without image maps (`area` links are not filtered like `a`). No `style`,
/// `class` or event attribute survives; links get `rel="noopener noreferrer"`.
static RICH: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::default();
    builder
        .rm_tags(["area", "map"])
        .url_schemes(HashSet::from(URL_SCHEMES))
        .clean_content_tags(HashSet::from(DROPPED_WITH_CONTENT))
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true);
    builder
});

/// No tags at all: only the text a browser would show.
static PLAIN: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut builder = Builder::empty();
    builder.clean_content_tags(HashSet::from(DROPPED_WITH_CONTENT));
    builder
});

/// HTML safe to inline in a page: formatting kept, scripts, event handlers, frames, forms,
/// styles and non-web links removed. Idempotent, so stored HTML may pass through it again.
pub fn safe_html(html: &str) -> String {
    RICH.clean(html).to_string()
}

/// The text a browser shows for an HTML fragment: tags dropped (script-like elements with
/// their content), entities decoded (`Fish &amp; Chips` → `Fish & Chips`). For names, terms
/// and attribute values, which every page escapes as text.
pub fn plain_text(html: &str) -> String {
    let serialised = PLAIN.clean(html).to_string();
    unescape_text_node(&serialised).trim().to_owned()
}

/// Whether a link a shopper follows (an external product's button) goes to a web page.
/// Leading spaces and control characters are what browsers skip before a scheme, so they
/// are skipped here too before looking.
pub fn is_web_url(url: &str) -> bool {
    let trimmed = url.trim_start_matches(|c: char| c <= ' ');
    let lower = trimmed.get(..8).unwrap_or(trimmed).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://")
}

/// Reverses html5ever's escaping of a text node (`&amp;`, `&nbsp;`, `&lt;`, `&gt;`: the only
/// escapes its serialiser writes outside attributes), in one pass so `&amp;lt;` stays `&lt;`.
fn unescape_text_node(serialised: &str) -> String {
    const ESCAPES: [(&str, &str); 4] = [
        ("&amp;", "&"),
        ("&nbsp;", "\u{a0}"),
        ("&lt;", "<"),
        ("&gt;", ">"),
    ];
    let mut out = String::with_capacity(serialised.len());
    let mut rest = serialised;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        match ESCAPES.iter().find(|(from, _)| tail.starts_with(from)) {
            Some((from, to)) => {
                out.push_str(to);
                rest = &tail[from.len()..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
#[path = "rich_text_tests.rs"]
mod tests;
