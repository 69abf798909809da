//! The page frame, the server's HTML for good (ADR 0040): skip link, store notice, site header,
//! category bar, footer and the cookie banner, in the web app's class names (the stylesheet
//! linked in the head styles it). React's root is `<main>`; the frame's interactive parts are
//! islands the app draws into the places marked `data-island="{name}"` (web/src/app/frame/
//! island.tsx), each holding until then what shows before the app starts. Controls that need the
//! script (menu, login, currency, dismiss, the banner's buttons) are `inert` until the app's own
//! replace them (the store notice's Dismiss is wired in place: web/src/features/theme/
//! store-notice.ts); links and the search form work without it.
//!
//! Mirrors web/src/app/layout.tsx, components/layout/cart-link.tsx, category-nav.tsx,
//! menu-drawer.tsx, app/frame/footer-fold.ts and features/consent/consent-banner.tsx.

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

/// A line icon (web/src/components/icons.tsx), decorative, 20 px.
pub fn icon(paths: &str) -> String {
    icon_sized(20, paths)
}

/// A line icon of `size` px square.
fn icon_sized(size: u32, paths: &str) -> String {
    format!(
        "<svg viewBox=\"0 0 24 24\" width=\"{size}\" height=\"{size}\" fill=\"none\" \
         stroke=\"currentColor\" stroke-width=\"1.8\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">{paths}</svg>"
    )
}

/// The dropdowns' chevron, 14 px as the app's `ChevronDownIcon` (so nothing moves when the
/// app takes over).
fn chevron() -> String {
    icon_sized(14, "<path d=\"m6 9 6 6 6-6\"></path>")
}

/// An island's place: what the app draws there replaces `inner` (web/src/app/frame/island.tsx).
fn island(out: &mut String, name: &str, inner: impl FnOnce(&mut String)) {
    let _ = write!(out, "<div data-island=\"{name}\">");
    inner(out);
    out.push_str("</div>");
}

/// `aria-current="page"` and class `active` on the category bar's link to `to` while on `path`
/// or below it, as the app's `NavLink` (web/src/lib/router/links.tsx `isActivePath`).
fn active(path: &str, to: &str) -> bool {
    let (here, there) = (path.to_lowercase(), to.to_lowercase());
    if here == there {
        return true;
    }
    if !here.starts_with(&there) {
        return false;
    }
    let slash_at = if there != "/" && there.ends_with('/') {
        there.len() - 1
    } else {
        there.len()
    };
    here.as_bytes().get(slash_at) == Some(&b'/')
}

fn nav_link(out: &mut String, path: &str, url: &str, name: &str) {
    let current = if active(path, url) {
        " active\" aria-current=\"page"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<a class=\"nav__link{current}\" data-router-link=\"\" href=\"{}\">{}</a>",
        escape(url),
        escape(name)
    );
}

/// The frame's opening: `.site`, the skip link, the toolbar's place, the progress bar, the store
/// notice and the site header, up to `<main>`; `path` is the page's (the category bar's current
/// link).
pub fn open(out: &mut String, site: &SiteView, search: &str, path: &str) {
    out.push_str(
        "<div class=\"site\"><a class=\"skip-link\" href=\"#main\">Skip to content</a>\
         <div data-island=\"account-bars\"></div><div class=\"route-progress\" \
         data-active=\"false\" aria-hidden=\"true\"></div>",
    );
    if site.theme.page_loader {
        out.push_str("<div data-island=\"page-loader\"></div>");
    }
    if let Some(notice) = &site.theme.store_notice {
        let _ = write!(
            out,
            "<section class=\"store-notice\" aria-label=\"Store notice\"><div class=\"container \
             store-notice__inner\"><p class=\"store-notice__text\">{}</p><button type=\"button\" \
             class=\"store-notice__dismiss\" inert>Dismiss</button></div></section>",
            escape(notice)
        );
    }
    header(out, site, search, path);
    out.push_str("<div data-island=\"mini-cart\"></div>");
}

/// The bare frame of the coming-soon page: no header or footer, the toolbar's place and `<main>`.
pub fn bare(out: &mut String, content: &str) {
    let _ = write!(
        out,
        "<div class=\"site site--bare\"><div data-island=\"account-bars\"></div><main id=\"main\" \
         class=\"site-main\" tabindex=\"-1\">{content}</main></div>"
    );
}

/// Closes what [`open`] opened, after `<main>`: the footer, then the places of the currency
/// sidebar and "Back to top".
pub fn close(out: &mut String, site: &SiteView) {
    footer(out, site);
    out.push_str(
        "<div data-island=\"currency-sidebar\"></div><div data-island=\"back-to-top\"></div></div>",
    );
}

/// The footer (folded into accordions on small screens by web/src/app/frame/footer-fold.ts).
fn footer(out: &mut String, site: &SiteView) {
    let name = escape(&site.name);
    let _ = write!(
        out,
        "<footer class=\"site-footer\"><div class=\"container site-footer__grid\"><section \
         class=\"site-footer__about\" aria-labelledby=\"footer-about\"><h2 id=\"footer-about\" \
         class=\"site-footer__brand\">{name}</h2>"
    );
    if !site.tagline.is_empty() {
        let _ = write!(out, "<p>{}</p>", escape(&site.tagline));
    }
    out.push_str(
        "</section><nav aria-labelledby=\"footer-shop\" data-fold=\"\"><h2 id=\"footer-shop\" \
         class=\"site-footer__heading\">Shop</h2><ul><li><a data-router-link=\"\" \
         href=\"/shop/\">All products</a></li>",
    );
    let ids: Vec<_> = site.categories.iter().map(|c| c.id).collect();
    for root in site
        .categories
        .iter()
        .filter(|c| c.parent.is_none_or(|parent| !ids.contains(&parent)))
    {
        let _ = write!(
            out,
            "<li><a data-router-link=\"\" href=\"{}\">{}</a></li>",
            escape(&root.url),
            escape(&root.name)
        );
    }
    let _ = write!(
        out,
        "</ul></nav><nav aria-labelledby=\"footer-account\" data-fold=\"\"><h2 \
         id=\"footer-account\" class=\"site-footer__heading\">Your order</h2><ul><li><a \
         href=\"/cart/\">Cart</a></li><li><a href=\"/checkout/\">Checkout</a></li><li><a \
         href=\"/my-account/\">My account</a></li></ul></nav></div><div \
         class=\"site-footer__bottom\"><div class=\"container\"><p>© {year} {name}. Powered by \
         Vitrine.</p></div></div></footer>",
        year = time::OffsetDateTime::now_utc().year()
    );
}

fn header(out: &mut String, site: &SiteView, search: &str, path: &str) {
    let sticky = if site.theme.sticky_header {
        " data-sticky=\"normal\" data-sticky-from=\"normal\""
    } else {
        ""
    };
    let _ = write!(
        out,
        "<div class=\"site-header-sentinel\" aria-hidden=\"true\"></div><header \
         class=\"site-header\" id=\"site-header\" tabindex=\"-1\"{sticky}><div class=\"container \
         site-header__inner\">"
    );
    island(out, "menu", |out| {
        let _ = write!(
            out,
            "<button type=\"button\" class=\"menu-toggle\" aria-haspopup=\"dialog\" aria-expanded=\"false\" inert>{}\
             <span class=\"menu-toggle__text\">Menu</span></button>",
            icon("<path d=\"M4 7h16M4 12h16M4 17h16\"></path>")
        );
    });
    let _ = write!(
        out,
        "<a class=\"site-brand\" data-router-link=\"\" href=\"/\"><span class=\"site-brand__name\">{}</span>",
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
    out.push_str("<div data-island=\"search\">");
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
    out.push_str("</div><div class=\"site-header__tools\">");
    currency(out, site);
    let _ = write!(
        out,
        "<div data-island=\"account\"><div class=\"header-account\"><button type=\"button\" class=\"header-account__link\" \
         aria-haspopup=\"dialog\" aria-expanded=\"false\" inert>{}<span>Login</span></button></div></div>",
        icon(
            "<circle cx=\"12\" cy=\"8\" r=\"4\"></circle><path d=\"M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6\"></path>"
        )
    );
    // The cart is personal: the count is the app's once it knows the visitor's cart.
    let _ = write!(
        out,
        "<div data-island=\"cart\"><a class=\"cart-link\" href=\"/cart/\" aria-label=\"Cart, 0 items\">{}<span \
         class=\"cart-link__text\" aria-hidden=\"true\">Cart</span> <span \
         class=\"cart-link__count\" aria-hidden=\"true\">0</span></a></div></div></div>",
        icon("<path d=\"M5 8h14l-1 12H6L5 8Z\"></path><path d=\"M9 8V6a3 3 0 0 1 6 0v2\"></path>")
    );
    category_bar(out, site, path);
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
        "<div data-island=\"currency\"><div class=\"currency-dropdown\"><div class=\"currency-switcher currency-switcher--dropdown\" \
         data-open=\"false\"><button type=\"button\" class=\"currency-switcher__button\" \
         aria-haspopup=\"listbox\" aria-expanded=\"false\" aria-label=\"Currency: {code}\" inert>\
         <svg class=\"currency-flag currency-flag--small\" viewBox=\"0 0 30 20\" aria-hidden=\"true\" \
         focusable=\"false\"></svg><span class=\"currency-switcher__label\">{label}</span><span \
         class=\"currency-switcher__code\" aria-hidden=\"true\">{code}</span><span \
         class=\"currency-switcher__arrow\" aria-hidden=\"true\">{arrow}</span></button></div></div></div>",
        code = escape(&current.code),
        label = escape(&current.label),
        arrow = chevron()
    );
}

/// The category bar (components/layout/category-nav.tsx): "Shop", then the top-level categories;
/// a parent's children are listed in its closed dropdown (crawlers follow those links too). The
/// link to the page shown (or a page below it) is marked current, as the app's.
fn category_bar(out: &mut String, site: &SiteView, path: &str) {
    out.push_str(
        "<div class=\"site-header__bar\"><div class=\"container\"><div data-island=\"category-nav\">\
         <nav class=\"nav nav--bar\" aria-label=\"Main\"><ul class=\"nav__list\"><li class=\"nav__item\">",
    );
    nav_link(out, path, "/shop/", "Shop");
    out.push_str("</li>");
    for top in site.categories.iter().filter(|c| c.parent.is_none()) {
        let children: Vec<_> = site
            .categories
            .iter()
            .filter(|c| c.parent == Some(top.id))
            .collect();
        if children.is_empty() {
            out.push_str("<li class=\"nav__item\">");
            nav_link(out, path, &top.url, &top.name);
            out.push_str("</li>");
            continue;
        }
        out.push_str(
            "<li class=\"nav__item nav__item--parent\" data-open=\"false\"><div class=\"nav__parent\">",
        );
        nav_link(out, path, &top.url, &top.name);
        let _ = write!(
            out,
            "<button type=\"button\" class=\"nav__toggle\" aria-expanded=\"false\" inert>{}<span \
             class=\"sr-only\">{} submenu</span></button></div><ul class=\"nav__submenu\">",
            chevron(),
            escape(&top.name)
        );
        for child in children {
            out.push_str("<li class=\"nav__item\">");
            nav_link(out, path, &child.url, &child.name);
            out.push_str("</li>");
        }
        out.push_str("</ul></li>");
    }
    out.push_str("</ul></nav></div></div></div>");
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
    fn the_current_link_is_the_page_or_one_above_it_as_the_apps_nav_link() {
        assert!(active("/shop/", "/shop/"));
        assert!(active("/shop/page/2/", "/shop/"));
        assert!(active(
            "/product-category/clothing/tshirts/",
            "/product-category/clothing/"
        ));
        assert!(!active("/shopping/", "/shop/"));
        assert!(!active("/cart/", "/shop/"));
        assert!(active("/SHOP/", "/shop/"));
    }

    #[test]
    fn notice_ids_match_the_web_apps() {
        // storeNoticeId('') and storeNoticeId('a') in web/src/features/theme/store-notice.tsx.
        assert_eq!(notice_id(""), "811c9dc5");
        assert_eq!(notice_id("a"), "e40c292c");
    }
}
