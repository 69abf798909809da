//! The page frame of the server's first HTML, in the web app's markup and class names (the
//! stylesheet linked in the head styles it): store notice, site header, category bar and the
//! cookie banner. The shopper sees the page above the fold before the script arrives, and React's
//! render replaces it without a larger paint or a shift (issue 16: LCP). Controls that need the
//! script (menu, login, currency, dismiss, the banner's buttons) are `inert` until React's own
//! replace them; links and the search form work without it.
//!
//! Mirrors web/src/app/layout.tsx, components/layout/site-header.tsx, cart-link.tsx,
//! category-nav.tsx, features/theme/store-notice.tsx and features/consent/consent-banner.tsx.

use std::fmt::Write;

use crate::head_scripts::GATE_SCRIPT;
use crate::html::escape;
use crate::views::SiteView;

/// The head's gate: the script, the rules it switches, and the frame's script-only parts hidden
/// for visitors without JavaScript (they cannot answer the banner; it must not cover the page).
pub fn head(site: &SiteView) -> String {
    // `[inert]`: the server's banner only; the app's own shows when the app decides it must.
    let mut out = format!(
        "<script>{GATE_SCRIPT}</script>\n<style>.vitrine-consent-decided #root>.vitrine-consent[inert]"
    );
    if let Some(notice) = &site.theme.store_notice {
        let _ = write!(
            out,
            ",.vitrine-notice-hidden-{} #root .store-notice",
            notice_id(notice)
        );
    }
    out.push_str("{display:none}</style>\n<noscript><style>#root>.vitrine-consent{display:none}</style></noscript>\n");
    out
}

/// WooCommerce's store notice id: FNV-1a of the text over UTF-16 code units, 8 hex digits
/// (web/src/features/theme/store-notice.tsx `storeNoticeId`).
pub fn notice_id(text: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for unit in text.encode_utf16() {
        hash ^= u32::from(unit);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

const ICON_OPEN: &str = "<svg viewBox=\"0 0 24 24\" width=\"20\" height=\"20\" fill=\"none\" \
    stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" \
    stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">";

/// A line icon (web/src/components/icons.tsx), decorative.
pub fn icon(paths: &str) -> String {
    format!("{ICON_OPEN}{paths}</svg>")
}

/// The frame's opening: `.site`, the store notice and the site header, up to `<main>`.
pub fn open(out: &mut String, site: &SiteView, search: &str) {
    out.push_str("<div class=\"site\">");
    if let Some(notice) = &site.theme.store_notice {
        let _ = write!(
            out,
            "<section class=\"store-notice\" aria-label=\"Store notice\"><div class=\"container \
             store-notice__inner\"><p class=\"store-notice__text\">{}</p><button type=\"button\" \
             class=\"store-notice__dismiss\" inert>Dismiss</button></div></section>",
            escape(notice)
        );
    }
    header(out, site, search);
}

/// Closes what [`open`] opened.
pub fn close(out: &mut String) {
    out.push_str("</div>");
}

fn header(out: &mut String, site: &SiteView, search: &str) {
    out.push_str(
        "<div class=\"site-header-sentinel\" aria-hidden=\"true\"></div>\
         <header class=\"site-header\" id=\"site-header\"><div class=\"container site-header__inner\">",
    );
    let _ = write!(
        out,
        "<button type=\"button\" class=\"menu-toggle\" aria-haspopup=\"dialog\" aria-expanded=\"false\" inert>{}\
         <span class=\"menu-toggle__text\">Menu</span></button>",
        icon("<path d=\"M4 7h16M4 12h16M4 17h16\"></path>")
    );
    let _ = write!(
        out,
        "<a class=\"site-brand\" href=\"/\"><span class=\"site-brand__name\">{}</span>",
        escape(&site.name)
    );
    if !site.tagline.is_empty() {
        let _ = write!(
            out,
            "<span class=\"site-brand__tagline\">{}</span>",
            escape(&site.tagline)
        );
    }
    out.push_str("</a>");
    // The plain search form (components/search-form.tsx): it works without the script.
    let _ = write!(
        out,
        "<form method=\"get\" action=\"/\" role=\"search\" aria-label=\"Search products\" \
         class=\"search-form search-box site-header__search\"><label for=\"site-search\" \
         class=\"sr-only\">Search products</label><input id=\"site-search\" \
         class=\"search-form__input\" placeholder=\"Search products…\" autocomplete=\"off\" \
         enterkeyhint=\"search\" type=\"search\" value=\"{}\" name=\"s\"><input type=\"hidden\" \
         value=\"product\" name=\"post_type\"><button type=\"submit\" class=\"search-form__submit\">{}\
         <span class=\"sr-only\">Search</span></button></form>",
        escape(search),
        icon("<circle cx=\"11\" cy=\"11\" r=\"7\"></circle><path d=\"m20 20-3.5-3.5\"></path>")
    );
    out.push_str("<div class=\"site-header__tools\">");
    currency(out, site);
    let _ = write!(
        out,
        "<div class=\"header-account\"><button type=\"button\" class=\"header-account__link\" \
         aria-haspopup=\"dialog\" aria-expanded=\"false\" inert>{}<span>Login</span></button></div>",
        icon(
            "<circle cx=\"12\" cy=\"8\" r=\"4\"></circle><path d=\"M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6\"></path>"
        )
    );
    // The cart is personal: the count is the app's once it knows the visitor's cart.
    let _ = write!(
        out,
        "<a class=\"cart-link\" href=\"/cart/\" aria-label=\"Cart, 0 items\">{}<span \
         class=\"cart-link__text\" aria-hidden=\"true\">Cart</span> <span \
         class=\"cart-link__count\" aria-hidden=\"true\">0</span></a></div></div>",
        icon("<path d=\"M5 8h14l-1 12H6L5 8Z\"></path><path d=\"M9 8V6a3 3 0 0 1 6 0v2\"></path>")
    );
    category_bar(out, site);
    out.push_str("</header>");
}

/// The header's currency dropdown, closed; its flag is drawn by the app (the box keeps its place).
fn currency(out: &mut String, site: &SiteView) {
    let currency = &site.currency;
    if currency.options.len() < 2 {
        return;
    }
    let Some(current) = currency.options.iter().find(|o| o.code == currency.current) else {
        return;
    };
    let _ = write!(
        out,
        "<div class=\"currency-dropdown\"><div class=\"currency-switcher currency-switcher--dropdown\" \
         data-open=\"false\"><button type=\"button\" class=\"currency-switcher__button\" \
         aria-haspopup=\"listbox\" aria-expanded=\"false\" aria-label=\"Currency: {code}\" inert>\
         <svg class=\"currency-flag currency-flag--small\" viewBox=\"0 0 30 20\" aria-hidden=\"true\" \
         focusable=\"false\"></svg><span class=\"currency-switcher__label\">{label}</span><span \
         class=\"currency-switcher__code\" aria-hidden=\"true\">{code}</span><span \
         class=\"currency-switcher__arrow\" aria-hidden=\"true\">{arrow}</span></button></div></div>",
        code = escape(&current.code),
        label = escape(&current.label),
        arrow = icon("<path d=\"m6 9 6 6 6-6\"></path>")
    );
}

/// The category bar (components/layout/category-nav.tsx): "Shop", then the top-level categories;
/// a parent's children are listed in its closed dropdown (crawlers follow those links too).
fn category_bar(out: &mut String, site: &SiteView) {
    out.push_str(
        "<div class=\"site-header__bar\"><div class=\"container\"><nav class=\"nav nav--bar\" \
         aria-label=\"Main\"><ul class=\"nav__list\"><li class=\"nav__item\"><a class=\"nav__link\" \
         href=\"/shop/\">Shop</a></li>",
    );
    for top in site.categories.iter().filter(|c| c.parent.is_none()) {
        let children: Vec<_> = site
            .categories
            .iter()
            .filter(|c| c.parent == Some(top.id))
            .collect();
        if children.is_empty() {
            let _ = write!(
                out,
                "<li class=\"nav__item\"><a class=\"nav__link\" href=\"{}\">{}</a></li>",
                escape(&top.url),
                escape(&top.name)
            );
            continue;
        }
        let _ = write!(
            out,
            "<li class=\"nav__item nav__item--parent\" data-open=\"false\"><div class=\"nav__parent\">\
             <a class=\"nav__link\" href=\"{}\">{name}</a><button type=\"button\" class=\"nav__toggle\" \
             aria-expanded=\"false\" inert>{}<span class=\"sr-only\">{name} submenu</span></button></div>\
             <ul class=\"nav__submenu\">",
            escape(&top.url),
            icon("<path d=\"m6 9 6 6 6-6\"></path>"),
            name = escape(&top.name)
        );
        for child in children {
            let _ = write!(
                out,
                "<li class=\"nav__item\"><a class=\"nav__link\" href=\"{}\">{}</a></li>",
                escape(&child.url),
                escape(&child.name)
            );
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul></nav></div></div>");
}

/// The cookie banner (features/consent/consent-banner.tsx) for a visitor who has not answered:
/// the page is the same for everyone, so it is always sent and the head's gate hides it for a
/// visitor who has. `inert` until the app's own banner (with working buttons) replaces it.
pub fn consent_banner(out: &mut String, privacy_policy_url: Option<&str>) {
    out.push_str(
        "<div role=\"dialog\" aria-labelledby=\"consent-title\" aria-describedby=\"consent-text\" \
         tabindex=\"-1\" class=\"vitrine-consent\" inert><h2 id=\"consent-title\" \
         class=\"vitrine-consent__title\">Cookie consent</h2><p id=\"consent-text\" \
         class=\"vitrine-consent__text\">We use necessary cookies to run the shop. With your \
         permission we also use cookies for analytics, marketing, Google Ads and your preferences. \
         You can change your choice at any time.",
    );
    if let Some(url) = privacy_policy_url {
        let _ = write!(out, " <a href=\"{}\">Privacy policy</a>", escape(url));
    }
    out.push_str(
        "</p><div class=\"vitrine-consent__actions\"><button type=\"button\">Accept all</button>\
         <button type=\"button\">Reject all</button><button type=\"button\" \
         aria-expanded=\"false\">Preferences</button></div></div>",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notice_ids_match_the_web_apps() {
        // storeNoticeId('') and storeNoticeId('a') in web/src/features/theme/store-notice.tsx.
        assert_eq!(notice_id(""), "811c9dc5");
        assert_eq!(notice_id("a"), "e40c292c");
    }
}
