//! The app's entry in the shell is requested after the server's first paint (ADR 0031).
//!
//! Vite writes `<script type="module" crossorigin src="/assets/index-….js"></script>` (and a
//! `<link rel="modulepreload">` per module the entry imports) in the head. Chrome fetches those
//! at high priority beside the stylesheet and, on a fast connection, runs the app before the
//! first frame, so the first paint waited for the whole bundle — although the server's HTML
//! already is the page above the fold (ADR 0025). Here they become one inline
//! [`ENTRY_LOADER`] carrying their addresses, which requests them once the document is parsed
//! and the next frame painted.

use crate::head_scripts::ENTRY_LOADER;

/// The shell with its entry and module preloads requested after the first paint; unchanged when
/// it has no entry script (the fallback shell).
pub fn after_first_paint(shell: &str) -> String {
    let mut html = shell.to_owned();
    let Some((start, end)) = tag_span(&html, "<script type=\"module\"", "</script>") else {
        return html;
    };
    let Some(entry) = attribute(&html[start..end], "src").map(str::to_owned) else {
        return html;
    };
    html.replace_range(start..end, "");
    let mut preloads = Vec::new();
    while let Some((start, end)) = tag_span(&html, "<link rel=\"modulepreload\"", ">") {
        if let Some(href) = attribute(&html[start..end], "href") {
            preloads.push(href.to_owned());
        }
        html.replace_range(start..end, "");
    }
    let loader = format!(
        "<script data-entry=\"{entry}\" data-preload=\"{}\">{ENTRY_LOADER}</script>",
        preloads.join(" ")
    );
    match html.find("<!--vitrine:head-->") {
        Some(at) => html.insert_str(at + "<!--vitrine:head-->".len(), &loader),
        None => html.insert_str(start, &loader),
    }
    // The blank lines the removed tags leave.
    html.lines()
        .filter(|line| !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Where the first tag starting with `open` ends with `close` (its end included).
fn tag_span(html: &str, open: &str, close: &str) -> Option<(usize, usize)> {
    let start = html.find(open)?;
    let end = start + html[start..].find(close)? + close.len();
    Some((start, end))
}

/// The value of `name="…"` in one tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let from = tag.find(&key)? + key.len();
    let len = tag[from..].find('"')?;
    Some(&tag[from..from + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    const VITE_SHELL: &str = "<head>\n    <!--vitrine:head-->\n    \
        <script type=\"module\" crossorigin src=\"/assets/index-3o0523Uw.js\"></script>\n    \
        <link rel=\"modulepreload\" crossorigin href=\"/assets/react-Ab12.js\">\n    \
        <link rel=\"stylesheet\" crossorigin href=\"/assets/style-DqYG_uFu.css\">\n  </head>";

    #[test]
    fn the_entry_and_its_preloads_are_handed_to_the_loader() {
        let html = after_first_paint(VITE_SHELL);
        assert!(!html.contains("type=\"module\""), "{html}");
        assert!(!html.contains("<link rel=\"modulepreload\""), "{html}");
        assert!(
            html.contains(&format!(
                "<!--vitrine:head--><script data-entry=\"/assets/index-3o0523Uw.js\" \
                 data-preload=\"/assets/react-Ab12.js\">{ENTRY_LOADER}</script>"
            )),
            "{html}"
        );
        // The stylesheet stays where it was: the first paint needs it.
        assert!(html.contains(
            "\n    <link rel=\"stylesheet\" crossorigin href=\"/assets/style-DqYG_uFu.css\">\n"
        ));
    }

    #[test]
    fn the_loader_reads_its_addresses_from_its_own_tag_and_waits_for_a_frame() {
        for part in [
            "getAttribute('data-entry')",
            "getAttribute('data-preload')",
            "DOMContentLoaded",
            "requestAnimationFrame",
        ] {
            assert!(ENTRY_LOADER.contains(part), "{part}");
        }
    }

    #[test]
    fn a_shell_without_an_entry_is_left_as_it_is() {
        let shell = "<head><!--vitrine:head--></head><body><div id=\"root\"></div></body>";
        assert_eq!(after_first_paint(shell), shell);
    }
}
