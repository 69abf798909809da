use super::*;

/// What must never reach a page, in any letter case.
const EXECUTABLE: [&str; 14] = [
    "<script",
    "onerror",
    "onload",
    "onclick",
    "ontoggle",
    "onmouseover",
    "javascript:",
    "vbscript:",
    "data:",
    "<iframe",
    "<svg",
    "<style",
    "<object",
    "<embed",
];

fn assert_inert(html: &str) {
    let lower = html.to_ascii_lowercase();
    for marker in EXECUTABLE {
        assert!(!lower.contains(marker), "{marker:?} survived in {html:?}");
    }
}

#[test]
fn formatting_that_woocommerce_descriptions_use_is_kept() {
    let html = "<p>Soft <strong>cotton</strong>, <em>washed</em>.<br>Sizes:</p>\
                <ul><li>S</li><li>M</li></ul><h2>Care</h2><blockquote>Cold wash</blockquote>\
                <table><tbody><tr><td>Chest</td><td>52</td></tr></tbody></table>";
    assert_eq!(safe_html(html), html);
}

#[test]
fn web_links_and_images_are_kept_and_links_get_noopener() {
    assert_eq!(
        safe_html(r#"<a href="https://example.com/guide">guide</a>"#),
        r#"<a href="https://example.com/guide" rel="noopener noreferrer">guide</a>"#
    );
    assert_eq!(
        safe_html(r#"<img src="https://example.com/a.jpg" alt="A">"#),
        r#"<img src="https://example.com/a.jpg" alt="A">"#
    );
    assert_eq!(
        safe_html(r#"<a href="mailto:shop@example.com">mail</a>"#),
        r#"<a href="mailto:shop@example.com" rel="noopener noreferrer">mail</a>"#
    );
}

#[test]
fn event_handlers_are_removed_from_every_element() {
    for payload in [
        r#"<img src="https://example.com/a.jpg" onerror="alert(1)">"#,
        r#"<body onload="alert(1)">text</body>"#,
        r#"<p onclick="alert(1)" ONMOUSEOVER="alert(1)">text</p>"#,
        r#"<details open ontoggle="alert(1)"><summary>s</summary></details>"#,
        r#"<img src=x onerror=alert(1)//>"#,
    ] {
        assert_inert(&safe_html(payload));
    }
    assert_eq!(
        safe_html(r#"<p onclick="alert(1)">text</p>"#),
        "<p>text</p>"
    );
}

#[test]
fn script_like_elements_go_with_their_content() {
    for payload in [
        "<script>alert(1)</script>",
        "<style>body{background:url(javascript:alert(1))}</style>",
        r#"<iframe src="https://evil.example/"><img src=x onerror=alert(1)></iframe>"#,
        r#"<svg onload="alert(1)"><circle r="1"/></svg>"#,
        r#"<svg><script>alert(1)</script></svg>"#,
        r#"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"#,
        r#"<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">"#,
        r#"<form action="javascript:alert(1)"><button>Go</button></form>"#,
        r#"<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>"#,
        "<textarea><img src=x onerror=alert(1)></textarea>",
        r#"<template><img src=x onerror=alert(1)></template>"#,
    ] {
        let clean = safe_html(&format!("<p>before</p>{payload}<p>after</p>"));
        assert_inert(&clean);
        assert!(clean.starts_with("<p>before</p>"), "{clean}");
    }
    assert_eq!(
        safe_html("<p>a</p><iframe src=\"https://evil.example/\">fallback</iframe><p>b</p>"),
        "<p>a</p><p>b</p>"
    );
}

#[test]
fn split_and_nested_script_tricks_leave_only_text() {
    let clean = safe_html("<scr<script>ipt>alert(1)</scr</script>ipt>");
    assert_inert(&clean);
    assert!(!clean.contains('<'), "{clean}");
    let clean = safe_html("<<script>script>alert(1)<</script>/script>");
    assert_inert(&clean);
    assert!(!clean.contains('<'), "{clean}");
}

#[test]
fn javascript_and_data_urls_lose_their_attribute_however_they_are_spelt() {
    for href in [
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "&#106;avascript:alert(1)",
        "&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    ] {
        let clean = safe_html(&format!(r#"<a href="{href}">x</a>"#));
        assert_eq!(clean, r#"<a rel="noopener noreferrer">x</a>"#, "{href}");
    }
    let image = safe_html(r#"<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="a">"#);
    assert_eq!(image, r#"<img alt="a">"#);
}

#[test]
fn style_and_class_attributes_and_page_level_tags_are_dropped() {
    assert_eq!(
        safe_html(r#"<p style="background:url(javascript:alert(1))" class="x">t</p>"#),
        "<p>t</p>"
    );
    assert_inert(&safe_html(
        r#"<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/">t"#,
    ));
}

#[test]
fn sanitising_twice_changes_nothing() {
    let once = safe_html(
        r#"<p>A &amp; B <a href="/shop/">shop</a> <img src=x onerror=alert(1)></p><ul><li>x"#,
    );
    assert_eq!(safe_html(&once), once);
}

#[test]
fn entity_encoded_markup_stays_text() {
    assert_eq!(
        safe_html("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "&lt;script&gt;alert(1)&lt;/script&gt;"
    );
}

#[test]
fn plain_text_drops_tags_and_decodes_entities() {
    assert_eq!(plain_text("Fish &amp; Chips"), "Fish & Chips");
    assert_eq!(plain_text("<b>Bold</b> tee"), "Bold tee");
    assert_eq!(plain_text("Caf&eacute; &lt;3"), "Café <3");
    assert_eq!(plain_text("  Hoodie  "), "Hoodie");
    assert_eq!(plain_text("&amp;lt;"), "&lt;");
    assert_eq!(plain_text("A&nbsp;B"), "A\u{a0}B");
}

#[test]
fn plain_text_keeps_no_payload() {
    assert_eq!(plain_text("<img src=x onerror=alert(1)>Tee"), "Tee");
    assert_eq!(plain_text("<script>alert(1)</script>Tee"), "Tee");
    assert_eq!(plain_text("<svg onload=alert(1)>x</svg>Tee"), "Tee");
    assert_eq!(
        plain_text("<iframe><img src=x onerror=1></iframe>Tee"),
        "Tee"
    );
    assert_eq!(plain_text("<img src=x onerror=alert(1)>"), "");
}

#[test]
fn only_http_and_https_are_web_urls() {
    for url in [
        "https://example.com/",
        "http://example.com",
        "HTTPS://EXAMPLE.COM",
    ] {
        assert!(is_web_url(url), "{url}");
    }
    for url in [
        "javascript:alert(1)",
        " \tjavascript:alert(1)",
        "data:text/html,x",
        "/relative",
        "//evil.example/",
        "httpx://example.com",
        "",
    ] {
        assert!(!is_web_url(url), "{url}");
    }
}
