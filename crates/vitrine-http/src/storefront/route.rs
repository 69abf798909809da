//! Storefront URLs (WooCommerce's defaults) parsed into routes, without touching the store.

use super::account_route::AccountArea;

/// A storefront page address, already normalised. `Cart` is `/cart/` whatever its query
/// (`?remove_item={key}` is handled in the browser).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    Home,
    Shop {
        page: u32,
    },
    Search {
        query: String,
        page: u32,
    },
    Category {
        path: Vec<String>,
        page: u32,
    },
    Tag {
        slug: String,
        page: u32,
    },
    Product {
        slug: String,
    },
    Cart,
    /// `/checkout/` (any query; the 3-D Secure return carries `#response=…` in the hash).
    Checkout,
    /// `/checkout/order-received/{id}/?key=…`: the key is read by the browser.
    OrderReceived {
        order_id: i64,
    },
    /// `/checkout/order-pay/{id}/?pay_for_order=true&key=…`.
    OrderPay {
        order_id: i64,
    },
    /// `/my-account/`: login form or dashboard.
    Account,
    /// `/my-account/lost-password/` (`?key=…` from the e-mailed link: the reset form).
    LostPassword,
    /// `/my-account/edit-account/`: "Account details".
    EditAccount,
    /// `/my-account/blocks/{slug}/`: the backend editor of a content block.
    BlockEditor {
        slug: String,
    },
    /// The logged-in account area: orders, an order, downloads, addresses (issue 15).
    AccountArea(AccountArea),
    /// `/my-account/payment-methods/`: the account's saved cards.
    PaymentMethods,
    /// `/my-account/add-payment-method/` (`?replace=pm_…`: "Change").
    AddPaymentMethod,
    /// `/my-account/product-images/`: staff upload product images (ADR 0016).
    ProductImages,
}

/// What a path means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    Route(Route),
    /// Permanent redirect to this path (and query): the slashed form, or page 1's base.
    Redirect(String),
    NotFound,
}

/// The query parameters of a storefront URL.
pub type QueryPairs = Vec<(String, String)>;

pub fn query_value<'a>(query: &'a QueryPairs, key: &str) -> Option<&'a str> {
    query
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Parses a path (with its raw query string, kept for redirects).
pub fn parse(path: &str, raw_query: &str, query: &QueryPairs) -> Parsed {
    let suffix = if raw_query.is_empty() {
        String::new()
    } else {
        format!("?{raw_query}")
    };
    if !path.starts_with('/') {
        return Parsed::NotFound;
    }
    if !path.ends_with('/') {
        let last = path.rsplit('/').next().unwrap_or_default();
        let slashed = format!("{path}/");
        return match parse(&slashed, raw_query, query) {
            Parsed::NotFound => Parsed::NotFound,
            _ if last.contains('.') => Parsed::NotFound,
            _ => Parsed::Redirect(format!("{slashed}{suffix}")),
        };
    }
    let inner = &path[1..path.len().saturating_sub(1).max(1)];
    let mut segments: Vec<&str> = if path == "/" {
        Vec::new()
    } else {
        inner.split('/').collect()
    };
    if segments.iter().any(|s| s.is_empty()) {
        return Parsed::NotFound;
    }
    let mut page = 1;
    if segments.len() >= 2 && segments[segments.len() - 2] == "page" {
        match segments[segments.len() - 1].parse::<u32>() {
            Ok(1) => {
                segments.truncate(segments.len() - 2);
                let base = if segments.is_empty() {
                    "/".to_owned()
                } else {
                    format!("/{}/", segments.join("/"))
                };
                return Parsed::Redirect(format!("{base}{suffix}"));
            }
            Ok(n) if n > 1 => page = n,
            _ => return Parsed::NotFound,
        }
        segments.truncate(segments.len() - 2);
    }
    let search = query_value(query, "s").map(|q| q.trim().to_owned());
    let route = match (segments.as_slice(), search) {
        ([], Some(query)) => Route::Search { query, page },
        ([], None) if page == 1 => Route::Home,
        (["shop"], _) => Route::Shop { page },
        (["product", slug], _) if page == 1 => Route::Product {
            slug: (*slug).to_owned(),
        },
        (["product-category", rest @ ..], _) if !rest.is_empty() => Route::Category {
            path: rest.iter().map(|s| (*s).to_owned()).collect(),
            page,
        },
        (["cart"], _) if page == 1 => Route::Cart,
        (["checkout"], _) if page == 1 => Route::Checkout,
        (["checkout", "order-received", id], _) if page == 1 => match order_id(id) {
            Some(order_id) => Route::OrderReceived { order_id },
            None => return Parsed::NotFound,
        },
        (["checkout", "order-pay", id], _) if page == 1 => match order_id(id) {
            Some(order_id) => Route::OrderPay { order_id },
            None => return Parsed::NotFound,
        },
        (["my-account"], _) if page == 1 => Route::Account,
        (["my-account", "lost-password"], _) if page == 1 => Route::LostPassword,
        (["my-account", "edit-account"], _) if page == 1 => Route::EditAccount,
        (["my-account", "blocks", slug], _) if page == 1 => Route::BlockEditor {
            slug: (*slug).to_owned(),
        },
        (["my-account", "payment-methods"], _) if page == 1 => Route::PaymentMethods,
        (["my-account", "add-payment-method"], _) if page == 1 => Route::AddPaymentMethod,
        (["my-account", "product-images"], _) if page == 1 => Route::ProductImages,
        (["product-tag", slug], _) => Route::Tag {
            slug: (*slug).to_owned(),
            page,
        },
        // Last of the account pages: the area's own (orders, downloads, addresses).
        (["my-account", rest @ ..], _) if page == 1 => match AccountArea::parse(rest) {
            Some(area) => Route::AccountArea(area),
            None => return Parsed::NotFound,
        },
        _ => return Parsed::NotFound,
    };
    Parsed::Route(route)
}

/// A positive order id written in decimal, as WooCommerce writes it.
fn order_id(segment: &str) -> Option<i64> {
    segment
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0 && segment.bytes().all(|b| b.is_ascii_digit()))
}

impl Route {
    /// The route's own path, without query (`/shop/page/2/`).
    pub fn path(&self) -> String {
        let paged = |base: String, page: u32| {
            if page > 1 {
                format!("{base}page/{page}/")
            } else {
                base
            }
        };
        match self {
            Self::Home => "/".into(),
            Self::Shop { page } => paged("/shop/".into(), *page),
            Self::Search { page, .. } => paged("/".into(), *page),
            Self::Category { path, page } => {
                paged(format!("/product-category/{}/", path.join("/")), *page)
            }
            Self::Tag { slug, page } => paged(format!("/product-tag/{slug}/"), *page),
            Self::Product { slug } => format!("/product/{slug}/"),
            Self::Cart => "/cart/".into(),
            Self::Checkout => "/checkout/".into(),
            Self::OrderReceived { order_id } => format!("/checkout/order-received/{order_id}/"),
            Self::OrderPay { order_id } => format!("/checkout/order-pay/{order_id}/"),
            Self::Account => "/my-account/".into(),
            Self::LostPassword => "/my-account/lost-password/".into(),
            Self::EditAccount => "/my-account/edit-account/".into(),
            Self::BlockEditor { slug } => format!("/my-account/blocks/{slug}/"),
            Self::AccountArea(area) => area.path(),
            Self::PaymentMethods => "/my-account/payment-methods/".into(),
            Self::AddPaymentMethod => "/my-account/add-payment-method/".into(),
            Self::ProductImages => "/my-account/product-images/".into(),
        }
    }

    /// Account pages stay reachable in coming-soon mode (staff must be able to log in).
    pub fn is_account(&self) -> bool {
        matches!(
            self,
            Self::Account
                | Self::LostPassword
                | Self::EditAccount
                | Self::BlockEditor { .. }
                | Self::AccountArea(_)
                | Self::PaymentMethods
                | Self::AddPaymentMethod
                | Self::ProductImages
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(path: &str, query: &str) -> Parsed {
        let pairs: QueryPairs = serde_urlencoded::from_str(query).unwrap_or_default();
        parse(path, query, &pairs)
    }

    #[test]
    fn woocommerce_urls_resolve_to_routes() {
        assert_eq!(route("/", ""), Parsed::Route(Route::Home));
        assert_eq!(route("/shop/", ""), Parsed::Route(Route::Shop { page: 1 }));
        assert_eq!(
            route("/shop/page/2/", ""),
            Parsed::Route(Route::Shop { page: 2 })
        );
        assert_eq!(
            route("/product/hoodie/", ""),
            Parsed::Route(Route::Product {
                slug: "hoodie".into()
            })
        );
        assert_eq!(
            route("/product-category/clothing/tshirts/page/3/", ""),
            Parsed::Route(Route::Category {
                path: vec!["clothing".into(), "tshirts".into()],
                page: 3
            })
        );
        assert_eq!(
            route("/", "s=hoodie&post_type=product"),
            Parsed::Route(Route::Search {
                query: "hoodie".into(),
                page: 1
            })
        );
    }

    #[test]
    fn the_cart_resolves_with_any_query_and_has_no_pages() {
        assert_eq!(route("/cart/", ""), Parsed::Route(Route::Cart));
        assert_eq!(
            route("/cart/", "remove_item=0123456789abcdef0123456789abcdef"),
            Parsed::Route(Route::Cart)
        );
        assert_eq!(route("/cart/", "s=hoodie"), Parsed::Route(Route::Cart));
        assert_eq!(
            route("/cart", "remove_item=abc"),
            Parsed::Redirect("/cart/?remove_item=abc".into())
        );
        assert_eq!(route("/cart/page/2/", ""), Parsed::NotFound);
        assert_eq!(route("/cart/extra/", ""), Parsed::NotFound);
        assert_eq!(Route::Cart.path(), "/cart/");
    }

    #[test]
    fn paths_without_a_trailing_slash_redirect_with_their_query() {
        assert_eq!(route("/shop", ""), Parsed::Redirect("/shop/".into()));
        assert_eq!(
            route("/product/hoodie", "orderby=price"),
            Parsed::Redirect("/product/hoodie/?orderby=price".into())
        );
        assert_eq!(
            route("/shop/page/1/", ""),
            Parsed::Redirect("/shop/".into())
        );
    }

    #[test]
    fn unknown_paths_and_files_are_not_found() {
        assert_eq!(route("/nope/", ""), Parsed::NotFound);
        assert_eq!(route("/nope", ""), Parsed::NotFound);
        assert_eq!(route("/shop/page/abc/", ""), Parsed::NotFound);
        assert_eq!(route("/product/a/b/", ""), Parsed::NotFound);
        assert_eq!(route("/favicon.ico", ""), Parsed::NotFound);
        assert_eq!(route("//shop/", ""), Parsed::NotFound);
        assert_eq!(route("/page/2/", ""), Parsed::NotFound);
    }

    #[test]
    fn account_pages_resolve_and_round_trip() {
        assert_eq!(route("/my-account/", ""), Parsed::Route(Route::Account));
        assert_eq!(
            route("/my-account/payment-methods/", ""),
            Parsed::Route(Route::PaymentMethods)
        );
        assert_eq!(
            route("/my-account/add-payment-method/", "replace=pm_1"),
            Parsed::Route(Route::AddPaymentMethod)
        );
        assert!(Route::PaymentMethods.is_account() && Route::AddPaymentMethod.is_account());
        assert_eq!(
            route("/my-account/product-images/", ""),
            Parsed::Route(Route::ProductImages)
        );
        assert!(Route::ProductImages.is_account());
        let editor = Route::BlockEditor {
            slug: "home-about".into(),
        };
        assert_eq!(
            route("/my-account/blocks/home-about/", ""),
            Parsed::Route(editor.clone())
        );
        assert_eq!(route(&editor.path(), ""), Parsed::Route(editor.clone()));
        assert!(editor.is_account() && Route::Account.is_account() && !Route::Cart.is_account());
        assert_eq!(route("/my-account/blocks/", ""), Parsed::NotFound);
        let orders = Route::AccountArea(AccountArea::Orders { page: 2 });
        assert_eq!(
            route("/my-account/orders/2/", ""),
            Parsed::Route(orders.clone())
        );
        assert!(orders.is_account());
        assert_eq!(
            route("/my-account/view-order/42", ""),
            Parsed::Redirect("/my-account/view-order/42/".into())
        );
        assert_eq!(route("/my-account/view-order/x/", ""), Parsed::NotFound);
        for (path, page) in [
            ("/my-account/lost-password/", Route::LostPassword),
            ("/my-account/edit-account/", Route::EditAccount),
        ] {
            assert_eq!(route(path, "key=ab"), Parsed::Route(page.clone()));
            assert_eq!(page.path(), path);
            assert!(page.is_account(), "reachable in coming-soon mode");
        }
        assert_eq!(
            route("/my-account/lost-password", ""),
            Parsed::Redirect("/my-account/lost-password/".into())
        );
        assert_eq!(
            route("/my-account", ""),
            Parsed::Redirect("/my-account/".into())
        );
    }

    #[test]
    fn checkout_pages_resolve_with_their_order_ids() {
        assert_eq!(route("/checkout/", ""), Parsed::Route(Route::Checkout));
        assert_eq!(
            route("/checkout/order-received/42/", "key=abc"),
            Parsed::Route(Route::OrderReceived { order_id: 42 })
        );
        assert_eq!(
            route("/checkout/order-pay/7/", "pay_for_order=true&key=abc"),
            Parsed::Route(Route::OrderPay { order_id: 7 })
        );
        assert_eq!(
            route("/checkout/order-received/42", "key=abc"),
            Parsed::Redirect("/checkout/order-received/42/?key=abc".into())
        );
        for bad in ["0", "-1", "+4", "abc", "99999999999999999999"] {
            assert_eq!(
                route(&format!("/checkout/order-received/{bad}/"), ""),
                Parsed::NotFound,
                "{bad}"
            );
        }
        assert_eq!(route("/checkout/page/2/", ""), Parsed::NotFound);
        assert_eq!(route("/checkout/other/", ""), Parsed::NotFound);
        let received = Route::OrderPay { order_id: 7 };
        assert_eq!(route(&received.path(), ""), Parsed::Route(received));
    }

    #[test]
    fn route_paths_round_trip() {
        let r = Route::Tag {
            slug: "red".into(),
            page: 2,
        };
        assert_eq!(r.path(), "/product-tag/red/page/2/");
        assert_eq!(route(&r.path(), ""), Parsed::Route(r));
    }
}
