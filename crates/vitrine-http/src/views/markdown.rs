//! Markdown written by staff → HTML safe to inline: pulldown-cmark renders, the shop's one
//! rich-text policy (`vitrine_domain::rich_text`) keeps only harmless tags and attributes.

use pulldown_cmark::{Options, Parser, html};
use vitrine_domain::rich_text::safe_html;

pub fn markdown_to_safe_html(markdown: &str) -> String {
    let parser = Parser::new_ext(
        markdown,
        Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES,
    );
    let mut unsafe_html = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut unsafe_html, parser);
    safe_html(&unsafe_html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_renders_and_scripts_do_not_survive() {
        let html = markdown_to_safe_html(
            "**Hi** [shop](/shop/) <script>alert(1)</script>\n\n- a\n- b\n\n\
             <img src=x onerror=alert(1)> [x](javascript:alert(1))",
        );
        assert!(html.contains("<strong>Hi</strong>"), "{html}");
        assert!(
            html.contains("<a href=\"/shop/\" rel=\"noopener noreferrer\">shop</a>"),
            "{html}"
        );
        assert!(html.contains("<li>a</li>"), "{html}");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }
}
