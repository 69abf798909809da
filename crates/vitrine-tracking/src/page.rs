//! The shop's own pages and origin: which paths a page token may be issued for, and which
//! `event_source_url`s the intake takes (ADR 0007, "Tokens per page").

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use url::{Host, Url};

/// Longest page path a token is issued for (the intake takes URLs up to 2048 characters).
pub const MAX_PATH_LEN: usize = 1024;

/// Why a path is not a page of this shop. The message follows the field name (`path: …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPage {
    #[error("must be an absolute path such as /shop/")]
    NotAPath,
    #[error("is longer than {MAX_PATH_LEN} characters")]
    TooLong,
    #[error("is not a storefront page (the API, build files, media and files have no page token)")]
    NotAPage,
}

/// Paths that are never storefront pages: the API, build files, artwork, and root files such
/// as `/favicon.svg` (a dot in the last segment, as `storefront::assets::root_file` decides).
pub fn is_page_path(path: &str) -> bool {
    let excluded = ["/api", "/assets", "/media"]
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")));
    let file = path
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'));
    !excluded && !file
}

/// A storefront page's path as the URL parser writes it (dot segments resolved, characters
/// percent-encoded the one way), without query or fragment: `/product/hoodie/`. Two spellings
/// of one page give the same `PagePath`, so a token asked for with one matches events sent
/// with the other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PagePath(String);

impl PagePath {
    /// The path the browser asks a token for (`location.pathname`); a query or fragment on it
    /// is ignored. Scheme-relative (`//host/…`) and relative paths are refused.
    pub fn parse(raw: &str) -> Result<Self, InvalidPage> {
        if !raw.starts_with('/') || raw.starts_with("//") || raw.starts_with("/\\") {
            return Err(InvalidPage::NotAPath);
        }
        if raw.len() > MAX_PATH_LEN {
            return Err(InvalidPage::TooLong);
        }
        let base = Url::parse("http://page.invalid/").map_err(|_| InvalidPage::NotAPath)?;
        let url = base.join(raw).map_err(|_| InvalidPage::NotAPath)?;
        Self::of_url(&url)
    }

    /// The page an event's URL is on.
    pub fn of_url(url: &Url) -> Result<Self, InvalidPage> {
        let path = url.path();
        if path.len() > MAX_PATH_LEN {
            return Err(InvalidPage::TooLong);
        }
        if !path.starts_with('/') {
            return Err(InvalidPage::NotAPath);
        }
        if !is_page_path(path) {
            return Err(InvalidPage::NotAPage);
        }
        Ok(Self(path.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The origin the shop's pages are served from: events naming another site are not this
/// shop's and are never forwarded in its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopOrigin {
    scheme: String,
    host: Host<String>,
    port: Option<u16>,
}

impl ShopOrigin {
    /// The configured `public_url`'s origin. Two cases fall back to the host the request was
    /// addressed to (`Host`), with `public_url`'s scheme: a `public_url` that names no
    /// reachable host (`0.0.0.0`, `[::]`: it followed a listen-on-every-interface address),
    /// and a loopback `public_url` asked through another loopback address (the demo's
    /// `127.0.0.1:8080` served with `--listen 127.0.0.1:8182`). `None` when neither gives an
    /// origin: then no event is taken.
    pub fn resolve(public_url: &str, request_host: Option<&str>) -> Option<Self> {
        let configured = Url::parse(public_url).ok()?;
        let scheme = configured.scheme().to_owned();
        let from = |url: &Url| {
            Some(Self {
                scheme: scheme.clone(),
                host: url.host()?.to_owned(),
                port: url.port_or_known_default(),
            })
        };
        let addressed = request_host
            .and_then(|host| Url::parse(&format!("{scheme}://{host}/")).ok())
            .and_then(|url| from(&url));
        match configured.host() {
            Some(host) if is_unspecified(&host) => addressed.filter(|o| !is_unspecified(&o.host)),
            Some(host) if is_loopback(&host) => addressed
                .filter(|o| is_loopback(&o.host))
                .or_else(|| from(&configured)),
            Some(_) => from(&configured),
            None => None,
        }
    }

    /// Whether `url` is on this origin. A loopback shop (`127.0.0.1`, `[::1]`, `localhost`)
    /// also takes the other loopback names on the same scheme and port, so a developer who
    /// opens `localhost:8080` while `public_url` says `127.0.0.1:8080` is still tracked.
    pub fn admits(&self, url: &Url) -> bool {
        let Some(host) = url.host() else {
            return false;
        };
        let same_host =
            host.to_owned() == self.host || (is_loopback(&host) && is_loopback(&self.host));
        url.scheme() == self.scheme && url.port_or_known_default() == self.port && same_host
    }
}

fn ip_of<S: AsRef<str>>(host: &Host<S>) -> Option<IpAddr> {
    match host {
        Host::Ipv4(ip) => Some(IpAddr::V4(*ip)),
        Host::Ipv6(ip) => Some(IpAddr::V6(*ip)),
        Host::Domain(_) => None,
    }
}

fn is_loopback<S: AsRef<str>>(host: &Host<S>) -> bool {
    match host {
        Host::Domain(d) => d.as_ref().eq_ignore_ascii_case("localhost"),
        other => ip_of(other).is_some_and(|ip| ip.is_loopback()),
    }
}

fn is_unspecified<S: AsRef<str>>(host: &Host<S>) -> bool {
    ip_of(host).is_some_and(|ip| {
        ip == IpAddr::V4(Ipv4Addr::UNSPECIFIED) || ip == IpAddr::V6(Ipv6Addr::UNSPECIFIED)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).expect("test URL")
    }

    #[test]
    fn a_page_path_is_normalised_like_the_browser_writes_it() {
        let cases = [
            ("/product/hoodie/", "/product/hoodie/"),
            ("/shop/../product/hoodie/", "/product/hoodie/"),
            (
                "/product/hoodie/?attribute_color=red#reviews",
                "/product/hoodie/",
            ),
            ("/product/caf\u{e9}/", "/product/caf%C3%A9/"),
            ("/", "/"),
        ];
        for (raw, expected) in cases {
            assert_eq!(
                PagePath::parse(raw).map(|p| p.0),
                Ok(expected.to_owned()),
                "{raw}"
            );
        }
        let from_url = PagePath::of_url(&url("https://shop.example/product/caf%C3%A9/?x=1"));
        assert_eq!(from_url, PagePath::parse("/product/café/"));
    }

    #[test]
    fn only_absolute_storefront_paths_are_pages() {
        for (raw, why) in [
            ("shop/", InvalidPage::NotAPath),
            ("", InvalidPage::NotAPath),
            ("//evil.example/shop/", InvalidPage::NotAPath),
            ("/\\evil.example/shop/", InvalidPage::NotAPath),
            ("https://shop.example/", InvalidPage::NotAPath),
            ("/api/v1/tracking/events", InvalidPage::NotAPage),
            ("/assets/index.js", InvalidPage::NotAPage),
            ("/media/hoodie.svg", InvalidPage::NotAPage),
            ("/favicon.svg", InvalidPage::NotAPage),
        ] {
            assert_eq!(PagePath::parse(raw), Err(why), "{raw:?}");
        }
    }

    #[test]
    fn paths_up_to_the_limit_are_pages_and_longer_ones_are_not() {
        let at_limit = format!("/{}", "a".repeat(MAX_PATH_LEN - 1));
        assert!(PagePath::parse(&at_limit).is_ok());
        let over = format!("/{}", "a".repeat(MAX_PATH_LEN));
        assert_eq!(PagePath::parse(&over), Err(InvalidPage::TooLong));
    }

    #[test]
    fn only_storefront_paths_are_pages() {
        for page in [
            "/",
            "/shop/",
            "/product/hoodie/",
            "/cart/",
            "/product-category/music/",
        ] {
            assert!(is_page_path(page), "{page}");
        }
        for other in [
            "/api",
            "/api/v1/products",
            "/assets/index-abc.js",
            "/media/hoodie.svg",
            "/favicon.svg",
            "/robots.txt",
        ] {
            assert!(!is_page_path(other), "{other}");
        }
    }

    #[test]
    fn the_public_url_is_the_shop_origin() {
        let origin =
            ShopOrigin::resolve("https://shop.example", Some("evil.example")).expect("origin");
        assert!(origin.admits(&url("https://shop.example/product/hoodie/")));
        assert!(origin.admits(&url("https://SHOP.example:443/")));
        for foreign in [
            "https://evil.example/product/hoodie/",
            "http://shop.example/",
            "https://shop.example:8443/",
            "https://shop.example.evil.example/",
            "https://sub.shop.example/",
        ] {
            assert!(!origin.admits(&url(foreign)), "{foreign}");
        }
    }

    #[test]
    fn a_loopback_shop_takes_every_loopback_name_on_its_port() {
        let origin = ShopOrigin::resolve("http://127.0.0.1:8080", None).expect("origin");
        for same in [
            "http://127.0.0.1:8080/",
            "http://localhost:8080/shop/",
            "http://[::1]:8080/",
        ] {
            assert!(origin.admits(&url(same)), "{same}");
        }
        assert!(!origin.admits(&url("http://localhost:8081/")));
        assert!(!origin.admits(&url("http://192.168.1.2:8080/")));
    }

    #[test]
    fn a_loopback_shop_served_on_another_loopback_port_follows_the_address() {
        let origin =
            ShopOrigin::resolve("http://127.0.0.1:8080", Some("127.0.0.1:8182")).expect("origin");
        assert!(origin.admits(&url("http://127.0.0.1:8182/product/beanie/")));
        assert!(origin.admits(&url("http://localhost:8182/")));
        assert!(!origin.admits(&url("http://127.0.0.1:8080/")));
        // A non-loopback Host changes nothing: the configured origin stays.
        let origin =
            ShopOrigin::resolve("http://127.0.0.1:8080", Some("evil.example")).expect("origin");
        assert!(origin.admits(&url("http://127.0.0.1:8080/")));
        assert!(!origin.admits(&url("http://evil.example/")));
    }

    #[test]
    fn an_unspecified_public_url_falls_back_to_the_addressed_host() {
        let origin =
            ShopOrigin::resolve("http://0.0.0.0:8080", Some("shop.lan:8080")).expect("origin");
        assert!(origin.admits(&url("http://shop.lan:8080/")));
        assert!(!origin.admits(&url("http://0.0.0.0:8080/")));
        assert_eq!(ShopOrigin::resolve("http://0.0.0.0:8080", None), None);
        assert_eq!(
            ShopOrigin::resolve("http://[::]:8080", Some("0.0.0.0:8080")),
            None
        );
        assert_eq!(ShopOrigin::resolve("not a url", Some("shop.lan")), None);
    }
}
