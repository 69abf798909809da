//! URL helpers for attribution: query parameters the way sourcebuster sees them (a key without
//! `=` is absent, duplicates join with a comma) but properly URL-decoded, and host rules.

use std::collections::HashMap;

use url::form_urlencoded;

/// Query parameters of one URL. Values are decoded once (`%20` and `+` become spaces).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params(HashMap<String, String>);

impl Params {
    pub fn parse(query: Option<&str>) -> Self {
        let mut map: HashMap<String, String> = HashMap::new();
        for segment in query.unwrap_or_default().split('&') {
            // sourcebuster treats `?utm_source` (no `=`) as absent, unlike URLSearchParams.
            if !segment.contains('=') {
                continue;
            }
            if let Some((key, value)) = form_urlencoded::parse(segment.as_bytes()).next() {
                map.entry(key.into_owned())
                    .and_modify(|v| {
                        v.push(',');
                        v.push_str(&value);
                    })
                    .or_insert_with(|| value.into_owned());
            }
        }
        Self(map)
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }
}

/// sourcebuster's `getHost`: the host with the first `www.` removed (wherever it appears).
pub fn strip_www(host: &str) -> String {
    host.replacen("www.", "", 1)
}

/// `host` is `domain` or one of its subdomains (case-insensitive).
pub fn host_matches(host: &str, domain: &str) -> bool {
    let host = host.to_ascii_lowercase();
    let domain = domain.to_ascii_lowercase();
    host == domain || host.ends_with(&format!(".{domain}"))
}

/// `text` cut to at most `max` bytes on a character boundary (landing URLs can be huge).
pub fn truncated(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_without_equals_are_absent_and_empty_values_are_kept() {
        let p = Params::parse(Some("utm_source&utm_medium=&a=1"));
        assert!(!p.contains("utm_source"));
        assert_eq!(p.get("utm_medium"), Some(""));
        assert_eq!(p.get("a"), Some("1"));
    }

    #[test]
    fn values_are_decoded_and_duplicates_joined() {
        let p = Params::parse(Some("t=running%20shoes&c=x+y&s=a&s=b&u=%E2%9C%93"));
        assert_eq!(p.get("t"), Some("running shoes"));
        assert_eq!(p.get("c"), Some("x y"));
        assert_eq!(p.get("s"), Some("a,b"));
        assert_eq!(p.get("u"), Some("✓"));
    }

    #[test]
    fn www_is_stripped_once_and_subdomains_match() {
        assert_eq!(strip_www("www.shop.example.com"), "shop.example.com");
        assert!(host_matches("Blog.Example.com", "example.com"));
        assert!(!host_matches("badexample.com", "example.com"));
    }

    #[test]
    fn truncation_respects_character_boundaries() {
        assert_eq!(truncated("ééé", 3), "é");
        assert_eq!(truncated("abc", 10), "abc");
    }
}
