//! `Shopper`: a client of the real router that keeps its cookies like a browser, and
//! `Reply`, what it got back.

use std::collections::BTreeMap;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Reply {
    /// The `Set-Cookie` line for cookie `name`, if the answer set it.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .map(str::to_owned)
    }

    /// The value a `Set-Cookie` gave cookie `name`.
    pub fn cookie_value(&self, name: &str) -> Option<String> {
        let line = self.set_cookie(name)?;
        let pair = line.split(';').next()?;
        Some(pair.split_once('=')?.1.to_owned())
    }

    pub fn cart(&self) -> &Value {
        &self.body["cart"]
    }
}

/// A browser-like client: sends back the cookies it was given.
#[derive(Clone)]
pub struct Shopper {
    pub router: Router,
    pub cookies: BTreeMap<String, String>,
}

impl Shopper {
    pub async fn send(&mut self, method: Method, uri: &str, body: Option<&Value>) -> Reply {
        self.send_with(method, uri, body, &[]).await
    }

    pub async fn send_with(
        &mut self,
        method: Method,
        uri: &str,
        body: Option<&Value>,
        extra: &[(&str, &str)],
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        let jar: Vec<String> = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if !jar.is_empty() {
            request = request.header(header::COOKIE, jar.join("; "));
        }
        for (name, value) in extra {
            request = request.header(*name, *value);
        }
        let body = match body {
            Some(json) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        let response = self
            .router
            .clone()
            .oneshot(request.body(body).expect("request builds"))
            .await
            .expect("the router never fails");
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.expect("body reads").to_bytes();
        let reply = Reply {
            status: parts.status,
            headers: parts.headers,
            body: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        };
        for name in ["vitrine_session", "vitrine_cart_hash"] {
            if let Some(value) = reply.cookie_value(name) {
                self.cookies.insert(name.to_owned(), value);
            }
        }
        reply
    }

    pub async fn get(&mut self, uri: &str) -> Reply {
        self.send(Method::GET, uri, None).await
    }

    pub async fn add(&mut self, body: Value) -> Reply {
        self.send(Method::POST, "/api/v1/cart/items", Some(&body))
            .await
    }

    pub async fn patch(&mut self, key: &str, body: Value) -> Reply {
        self.send(
            Method::PATCH,
            &format!("/api/v1/cart/items/{key}"),
            Some(&body),
        )
        .await
    }

    pub async fn delete(&mut self, key: &str) -> Reply {
        self.send(Method::DELETE, &format!("/api/v1/cart/items/{key}"), None)
            .await
    }

    /// The cart as `GET /api/v1/cart` shows it now.
    pub async fn cart(&mut self) -> Value {
        let reply = self.get("/api/v1/cart").await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body["cart"].clone()
    }
}

/// Quantity of the line for `product` (and variation), 0 when absent.
pub fn quantity_of(cart: &Value, product: i64, variation: Option<i64>) -> u64 {
    cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|i| i["product_id"] == product && i["variation_id"].as_i64() == variation)
        .filter_map(|i| i["quantity"].as_u64())
        .sum()
}
