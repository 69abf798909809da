//! The cross-site request guard (CSRF). A page on another site can make a visitor's browser
//! send a form or a `fetch` to the shop, cookies included (`SameSite=Lax` keeps them off
//! cross-site POSTs in most browsers, but not all, and not for a sibling subdomain). Browsers
//! say where such a request comes from, so every POST, PUT, PATCH and DELETE is checked
//! before routing, whatever its path (the API, the storefront fallback, routes added later):
//!
//! 1. `Sec-Fetch-Site` (every current browser sends it): `same-origin` and `none` (typed in,
//!    a bookmark) pass; `cross-site`, `same-site` (a sibling subdomain is another site to the
//!    shop) and anything else are refused.
//! 2. Without it (older browsers): an `Origin` header must name the shop itself — the
//!    request's host (`Host`, or `X-Forwarded-Host` behind trusted proxies) or `public_url`.
//!    `Origin: null` (sandboxed frames, some redirects) is refused.
//! 3. With neither header the request did not come from a browser acting for a page (curl,
//!    another server, an API test tool): it passes. Browsers send `Origin` on every
//!    cross-origin POST.
//!
//! Refusals are 403 `cross_site_request`, answered before the body is read.

use axum::extract::{Request, State};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, Method, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use utoipa::openapi::path::Operation;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::client_ip::forwarded_entry;
use crate::error::ApiError;
use crate::settings::ShopSettings;

/// What the guard knows about the shop's own origin.
#[derive(Debug, Clone)]
pub(crate) struct CrossSiteGuard {
    /// The origin of `public_url`, when it is an absolute http(s) URL.
    public: Option<Origin>,
    /// Read `X-Forwarded-Host` only behind this many trusted proxies (as `X-Forwarded-For`).
    trusted_proxy_hops: u8,
}

/// A web origin: scheme, lower-case host and port (the scheme's default when not written).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    https: bool,
    host: String,
    port: u16,
}

impl Origin {
    /// An `http` or `https` URL's origin; anything else (`null`, other schemes) is none.
    fn parse(text: &str) -> Option<Self> {
        let uri: Uri = text.trim().parse().ok()?;
        let https = match uri.scheme_str()? {
            s if s.eq_ignore_ascii_case("https") => true,
            s if s.eq_ignore_ascii_case("http") => false,
            _ => return None,
        };
        let authority = uri.authority()?;
        let default = if https { 443 } else { 80 };
        Some(Self {
            https,
            host: authority.host().to_ascii_lowercase(),
            port: authority.port_u16().unwrap_or(default),
        })
    }

    /// Whether `authority` (a `Host` value, without scheme) names this origin's host and port.
    /// The scheme is not compared, since `Host` does not carry it (as Go's
    /// `CrossOriginProtection`): `Sec-Fetch-Site` already tells http from https in current
    /// browsers.
    fn is_at(&self, authority: &str) -> bool {
        let Ok(authority) = authority.trim().parse::<Authority>() else {
            return false;
        };
        let default = if self.https { 443 } else { 80 };
        authority.host().eq_ignore_ascii_case(&self.host)
            && authority.port_u16().unwrap_or(default) == self.port
    }
}

/// Why a request was refused, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    FetchSite,
    NullOrigin,
    ForeignOrigin,
}

impl CrossSiteGuard {
    pub(crate) fn new(settings: &ShopSettings) -> Self {
        Self {
            public: Origin::parse(&settings.public_url),
            trusted_proxy_hops: settings.trusted_proxy_hops,
        }
    }

    /// The guard's decision for one request.
    fn check(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), Refusal> {
        if method.is_safe() {
            return Ok(());
        }
        if let Some(site) = headers.get("sec-fetch-site") {
            return match site.as_bytes() {
                b"same-origin" | b"none" => Ok(()),
                _ => Err(Refusal::FetchSite),
            };
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or_default();
        if origin.trim().eq_ignore_ascii_case("null") {
            return Err(Refusal::NullOrigin);
        }
        let Some(origin) = Origin::parse(origin) else {
            return Err(Refusal::ForeignOrigin);
        };
        let own = self.public.as_ref() == Some(&origin)
            || self
                .hosts(uri, headers)
                .iter()
                .any(|host| origin.is_at(host));
        if own {
            Ok(())
        } else {
            Err(Refusal::ForeignOrigin)
        }
    }

    /// The names the request reached the shop by: `Host` (HTTP/1.1), the URI's authority
    /// (HTTP/2), and behind trusted proxies the `X-Forwarded-Host` they set.
    fn hosts<'a>(&self, uri: &'a Uri, headers: &'a HeaderMap) -> Vec<&'a str> {
        let mut hosts: Vec<&str> = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .into_iter()
            .chain(uri.authority().map(Authority::as_str))
            .collect();
        // The entry the outermost trusted proxy wrote, as `client_ip` picks its address.
        hosts.extend(forwarded_entry(
            headers,
            "x-forwarded-host",
            self.trusted_proxy_hops,
        ));
        hosts
    }
}

/// The middleware: refuses cross-site unsafe requests with 403 `cross_site_request`.
pub(crate) async fn refuse_cross_site(
    State(guard): State<CrossSiteGuard>,
    request: Request,
    next: Next,
) -> Response {
    match guard.check(request.method(), request.uri(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(why) => {
            let origin = request
                .headers()
                .get(header::ORIGIN)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("-");
            tracing::info!(?why, origin, method = %request.method(), path = %request.uri().path(),
                "cross-site request refused");
            ApiError::cross_site_request().into_response()
        }
    }
}

/// What the OpenAPI document says about the guard: every POST, PUT, PATCH and DELETE
/// operation answers 403 `cross_site_request` (added to the 403 it documents already), so
/// an operation added later is described without anyone remembering to.
pub(crate) fn document(openapi: &mut OpenApi) {
    const REFUSAL: &str = "`cross_site_request`: sent by a browser for a page on another site";
    for item in openapi.paths.paths.values_mut() {
        let unsafe_operations = [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ];
        for operation in unsafe_operations.into_iter().flatten() {
            add_forbidden(operation, REFUSAL);
        }
    }
}

fn add_forbidden(operation: &mut Operation, refusal: &str) {
    let responses = &mut operation.responses.responses;
    match responses.get_mut("403") {
        Some(RefOr::T(forbidden)) => {
            forbidden.description = format!("{}; {refusal}", forbidden.description);
        }
        // Shared responses are not used by this API; a reference would be described there.
        Some(RefOr::Ref(_)) => {}
        None => {
            let body = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build();
            let forbidden = ResponseBuilder::new()
                .description(refusal)
                .content("application/json", body)
                .build();
            responses.insert("403".to_owned(), RefOr::T(forbidden));
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn guard(public_url: &str, hops: u8) -> CrossSiteGuard {
        CrossSiteGuard::new(&ShopSettings {
            public_url: public_url.to_owned(),
            trusted_proxy_hops: hops,
            ..ShopSettings::default()
        })
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn post(guard: &CrossSiteGuard, pairs: &[(&'static str, &'static str)]) -> Result<(), Refusal> {
        guard.check(
            &Method::POST,
            &Uri::from_static("/api/v1/consent"),
            &headers(pairs),
        )
    }

    #[test]
    fn fetch_site_decides_when_the_browser_sends_it() {
        let g = guard("", 0);
        let host = ("host", "shop.example");
        assert_eq!(post(&g, &[host, ("sec-fetch-site", "same-origin")]), Ok(()));
        assert_eq!(post(&g, &[host, ("sec-fetch-site", "none")]), Ok(()));
        for refused in ["cross-site", "same-site", "Same-Origin", "", "whatever"] {
            let mut h = headers(&[host]);
            h.insert("sec-fetch-site", HeaderValue::from_static(refused));
            let uri = Uri::from_static("/");
            assert_eq!(
                g.check(&Method::POST, &uri, &h),
                Err(Refusal::FetchSite),
                "{refused}"
            );
        }
        // A same-origin fetch site wins over an Origin that does not match the Host (a dev
        // proxy rewriting Host): the browser's own word is the better one.
        let proxied = [
            ("host", "127.0.0.1:8080"),
            ("origin", "http://localhost:5173"),
            ("sec-fetch-site", "same-origin"),
        ];
        assert_eq!(post(&g, &proxied), Ok(()));
    }

    #[test]
    fn without_fetch_site_the_origin_must_be_the_shop() {
        let g = guard("", 0);
        let host = ("host", "shop.example");
        assert_eq!(
            post(&g, &[host, ("origin", "https://shop.example")]),
            Ok(())
        );
        assert_eq!(post(&g, &[host, ("origin", "http://SHOP.example")]), Ok(()));
        assert_eq!(
            post(&g, &[host, ("origin", "https://shop.example:443")]),
            Ok(())
        );
        for foreign in [
            "https://evil.example",
            "https://shop.example.evil.example",
            "https://evil.shop.example",
            "https://shop.example:8443",
            "ftp://shop.example",
            "not an origin",
        ] {
            let mut h = headers(&[host]);
            h.insert("origin", HeaderValue::from_static(foreign));
            let uri = Uri::from_static("/");
            assert_eq!(
                g.check(&Method::PUT, &uri, &h),
                Err(Refusal::ForeignOrigin),
                "{foreign}"
            );
        }
        assert_eq!(
            post(&g, &[host, ("origin", "null")]),
            Err(Refusal::NullOrigin)
        );
    }

    #[test]
    fn ports_must_match_with_the_schemes_default_when_not_written() {
        let g = guard("", 0);
        let local = ("host", "127.0.0.1:8080");
        assert_eq!(
            post(&g, &[local, ("origin", "http://127.0.0.1:8080")]),
            Ok(())
        );
        assert_eq!(
            post(&g, &[local, ("origin", "http://127.0.0.1:8081")]),
            Err(Refusal::ForeignOrigin)
        );
        assert_eq!(
            post(&g, &[local, ("origin", "http://127.0.0.1")]),
            Err(Refusal::ForeignOrigin)
        );
        let plain = ("host", "shop.example");
        assert_eq!(
            post(&g, &[plain, ("origin", "http://shop.example:8080")]),
            Err(Refusal::ForeignOrigin)
        );
    }

    #[test]
    fn the_public_url_is_the_shops_origin_whatever_the_host() {
        let g = guard("https://shop.example/", 0);
        let internal = ("host", "10.0.0.5:8080");
        assert_eq!(
            post(&g, &[internal, ("origin", "https://shop.example")]),
            Ok(())
        );
        // The public URL's origin is compared with its scheme.
        assert_eq!(
            post(&g, &[internal, ("origin", "http://shop.example")]),
            Err(Refusal::ForeignOrigin)
        );
    }

    #[test]
    fn forwarded_host_counts_only_behind_trusted_proxies() {
        let pairs = [
            ("host", "10.0.0.5:8080"),
            ("x-forwarded-host", "shop.example"),
            ("origin", "https://shop.example"),
        ];
        assert_eq!(post(&guard("", 0), &pairs), Err(Refusal::ForeignOrigin));
        assert_eq!(post(&guard("", 1), &pairs), Ok(()));
    }

    #[test]
    fn requests_without_browser_headers_and_safe_methods_pass() {
        let g = guard("https://shop.example", 0);
        assert_eq!(post(&g, &[("host", "shop.example")]), Ok(()));
        assert_eq!(post(&g, &[]), Ok(()));
        let cross = headers(&[
            ("origin", "https://evil.example"),
            ("sec-fetch-site", "cross-site"),
        ]);
        let uri = Uri::from_static("/api/v1/products");
        for safe in [Method::GET, Method::HEAD, Method::OPTIONS] {
            assert_eq!(g.check(&safe, &uri, &cross), Ok(()), "{safe}");
        }
        for write in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert_eq!(
                g.check(&write, &uri, &cross),
                Err(Refusal::FetchSite),
                "{write}"
            );
        }
    }
}
