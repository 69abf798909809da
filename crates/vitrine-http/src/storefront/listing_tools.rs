//! A listing's filter panel, "Shop order" select and "Sorted by" text in the server's first
//! HTML, in the markup of the app's `FilterPanel`, `SortSelect` and `SortedBy`
//! (web/src/features/catalogue/components): on a wide screen the panel is open above the
//! cards, so without it the cards moved down when the app replaced the server's page. Both are
//! `inert` copies (no focus, not in the accessibility tree, no clicks): the app's own take over
//! when it has started.

use std::fmt::Write;

use crate::html::escape;
use crate::views::FilterPanelView;

/// WooCommerce's "Shop order" options (web/src/features/catalogue/utils/sort-options.ts).
const SORT_OPTIONS: [(&str, &str); 6] = [
    ("menu_order", "Default sorting"),
    ("popularity", "Sort by popularity"),
    ("rating", "Sort by average rating"),
    ("date", "Sort by latest"),
    ("price", "Sort by price: low to high"),
    ("price-desc", "Sort by price: high to low"),
];

/// The filter panel; nothing when the listing has no filter to offer (as the app).
pub fn filter_panel(out: &mut String, filters: &FilterPanelView) {
    if filters.attributes.is_empty() && filters.price.is_none() && !filters.active {
        return;
    }
    out.push_str(
        "<section class=\"filters\" aria-label=\"Filter products\" inert><button type=\"button\" \
         class=\"button button--small filters__toggle\" aria-expanded=\"false\">Filter</button>\
         <div class=\"filters__body\" data-open=\"false\">",
    );
    for attribute in &filters.attributes {
        let _ = write!(
            out,
            "<fieldset class=\"filters__group\"><legend class=\"filters__legend\">Filter by {}\
             </legend><ul class=\"filters__terms\">",
            escape(&attribute.name)
        );
        for term in &attribute.terms {
            let _ = write!(
                out,
                "<li><label class=\"filters__term\"><input type=\"checkbox\"{}><span>{}</span> \
                 <span class=\"filters__count\">({})</span></label></li>",
                if term.chosen { " checked" } else { "" },
                escape(&term.name),
                term.count
            );
        }
        out.push_str("</ul></fieldset>");
    }
    if let Some(span) = &filters.price {
        let _ = write!(
            out,
            "<div class=\"filters__group\"><p class=\"filters__legend\">Filter by price</p>\
             <form class=\"price-filter\"><label>Min price</label><input type=\"number\" \
             placeholder=\"{}\"><label>Max price</label><input type=\"number\" placeholder=\"{}\">\
             <button type=\"button\" class=\"button button--small\">Apply</button></form></div>",
            span.min, span.max
        );
    }
    if filters.active {
        out.push_str("<p class=\"filters__clear\"><a>Clear filters</a></p>");
    }
    out.push_str("</div></section>");
}

/// The toolbar above the cards: result count, "Shop order" and "Sorted by".
pub fn toolbar(out: &mut String, result_count: &str, orderby: &str) {
    let chosen = SORT_OPTIONS
        .iter()
        .find(|(value, _)| *value == orderby)
        .unwrap_or(&SORT_OPTIONS[0]);
    let _ = write!(
        out,
        "<div class=\"listing-toolbar\"><p class=\"result-count woocommerce-result-count\">{}</p>\
         <form class=\"ordering\" inert><select class=\"ordering__select\" aria-label=\"Shop order\">",
        escape(result_count)
    );
    for (value, label) in SORT_OPTIONS {
        let selected = if value == chosen.0 { " selected" } else { "" };
        let _ = write!(out, "<option value=\"{value}\"{selected}>{label}</option>");
    }
    let _ = write!(
        out,
        "</select></form><p class=\"sorted-by\">{}</p></div>",
        sorted_by(chosen)
    );
}

/// web/src/features/catalogue/components/sorted-by.tsx's text.
fn sorted_by((value, label): &(&str, &str)) -> String {
    if *value == "menu_order" {
        "Sorted by: default".to_owned()
    } else {
        format!(
            "Sorted by: {}",
            label.strip_prefix("Sort by ").unwrap_or(label)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::{FilterAttributeView, FilterTermView, PriceSpanView};

    #[test]
    fn the_toolbar_names_the_order_shown() {
        let mut out = String::new();
        toolbar(&mut out, "Showing 1–12 of 40 results", "price-desc");
        assert!(
            out.contains("<option value=\"price-desc\" selected>"),
            "{out}"
        );
        assert!(out.contains("<p class=\"sorted-by\">Sorted by: price: high to low</p>"));
        let mut out = String::new();
        toolbar(&mut out, "Showing all 3 results", "unknown");
        assert!(out.contains("<option value=\"menu_order\" selected>"));
        assert!(out.contains("Sorted by: default"));
    }

    #[test]
    fn the_panel_is_an_inert_copy_with_its_terms_and_price_span() {
        let filters = FilterPanelView {
            attributes: vec![FilterAttributeView {
                attribute: "color".into(),
                name: "Color <b>".into(),
                query_type: "or".into(),
                terms: vec![FilterTermView {
                    slug: "blue".into(),
                    name: "Blue".into(),
                    count: 4,
                    chosen: true,
                }],
            }],
            price: Some(PriceSpanView {
                currency: "USD".into(),
                min: 10,
                max: 90,
            }),
            active: true,
        };
        let mut out = String::new();
        filter_panel(&mut out, &filters);
        assert!(
            out.starts_with("<section class=\"filters\" aria-label=\"Filter products\" inert>")
        );
        assert!(out.contains("Filter by Color &lt;b&gt;"), "{out}");
        assert!(out.contains("<input type=\"checkbox\" checked><span>Blue</span>"));
        assert!(out.contains("placeholder=\"10\"") && out.contains("placeholder=\"90\""));
        assert!(out.contains("Clear filters"));
    }

    #[test]
    fn no_filters_no_panel() {
        let mut out = String::new();
        filter_panel(
            &mut out,
            &FilterPanelView {
                attributes: vec![],
                price: None,
                active: false,
            },
        );
        assert!(out.is_empty());
    }
}
