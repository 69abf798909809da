//! Small HTML helpers: escaping, tag stripping and safe inlining of JSON in `<script>`.

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON safe inside `<script>`: `<`, `>` and `&` become `\u003c` etc., so neither
/// `</script>` nor `<!--` in the data can end or alter the script element. The JSON value
/// is unchanged (these escapes are valid JSON string escapes and `<` only occurs in strings).
pub fn script_json(value: &impl serde::Serialize) -> Result<String, serde_json::Error> {
    let raw = serde_json::to_string(value)?;
    Ok(raw
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029"))
}

/// Text content of an HTML fragment: tags dropped, common entities decoded, whitespace
/// collapsed. For meta descriptions and JSON-LD, not for rendering.
pub fn strip_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(ch),
            _ => {}
        }
    }
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Cuts text at a word boundary to at most `max` characters, adding "…" when cut.
pub fn truncate_words(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        if out.chars().count() + word.chars().count() + 1 > max.saturating_sub(1) {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.push('…');
    out
}

/// WordPress's `wpautop` in its simplest form: text without block markup becomes paragraphs.
pub fn autop(text: &str) -> String {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('<') {
        return trimmed.to_owned();
    }
    trimmed
        .split("\n\n")
        .map(|p| format!("<p>{}</p>", p.trim().replace('\n', "<br />\n")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closing_script_tag_in_data_cannot_break_out() {
        let json = script_json(&serde_json::json!({"name": "</script><script>alert(1)</script>"}))
            .expect("serializes");
        assert!(!json.contains("</script>"));
        assert!(json.contains("\\u003c/script\\u003e"));
        let back: serde_json::Value = serde_json::from_str(&json).expect("still JSON");
        assert_eq!(back["name"], "</script><script>alert(1)</script>");
    }

    #[test]
    fn tags_are_stripped_and_whitespace_collapsed() {
        assert_eq!(
            strip_tags("<p>This is a <b>variable</b>&nbsp;product.</p>\n"),
            "This is a variable product."
        );
    }

    #[test]
    fn long_text_is_cut_at_a_word() {
        assert_eq!(truncate_words("one two three", 9), "one two…");
        assert_eq!(truncate_words("short", 9), "short");
    }

    #[test]
    fn escaping_covers_attribute_quotes() {
        assert_eq!(
            escape(r#"a "b" <c> & 'd'"#),
            "a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;"
        );
    }
}
