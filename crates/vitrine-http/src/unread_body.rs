//! Keep-alive after an early answer. Many refusals are made before the request body is read
//! (a rate limit, the cross-site guard, a wrong `Content-Type`, a declared size over the
//! limit). hyper then drains what is already buffered and otherwise closes the connection
//! once the answer is written — but the answer's head may already have gone out without
//! `Connection: close`, so the client reuses a connection the server is closing and its next
//! request fails. An HTTP/1 answer to a request whose body was not read to the end therefore
//! says `Connection: close`: the client opens a fresh connection for the next request. The
//! body is not drained instead: that would make the shop wait for (and read) uploads it has
//! already refused.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderValue, Version, header};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Frame, SizeHint};

/// The middleware: answers to HTTP/1 requests whose body was left unread close the connection.
pub(crate) async fn close_if_body_unread(request: Request, next: Next) -> Response {
    // HTTP/2 streams end on their own; `Connection` is not allowed there.
    let http1 = matches!(request.version(), Version::HTTP_10 | Version::HTTP_11);
    if !http1 || request.body().is_end_stream() {
        return next.run(request).await;
    }
    let read = Arc::new(AtomicBool::new(false));
    let request = request.map(|inner| {
        Body::new(Watched {
            inner,
            read: Arc::clone(&read),
        })
    });
    let mut response = next.run(request).await;
    if !read.load(Ordering::Acquire) {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// A request body that notes when it has been read to its end.
struct Watched {
    inner: Body,
    read: Arc<AtomicBool>,
}

impl HttpBody for Watched {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(polled, Poll::Ready(None)) || self.inner.is_end_stream() {
            self.read.store(true, Ordering::Release);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::to_bytes;
    use axum::http::{Method, StatusCode};
    use axum::middleware::from_fn;
    use axum::routing::post;
    use tower::ServiceExt;

    use super::*;

    fn app() -> Router {
        Router::new()
            .route(
                "/read",
                post(|body: Bytes| async move { body.len().to_string() }),
            )
            .route("/refuse", post(|| async { StatusCode::TOO_MANY_REQUESTS }))
            .layer(from_fn(close_if_body_unread))
    }

    async fn connection(path: &str, body: &'static str, version: Version) -> Option<String> {
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .version(version)
            .body(Body::from(body))
            .expect("request");
        let response = app().oneshot(request).await.expect("infallible");
        let value = response.headers().get(header::CONNECTION).cloned();
        to_bytes(response.into_body(), 1024).await.expect("body");
        value.map(|v| v.to_str().expect("ascii").to_owned())
    }

    #[tokio::test]
    async fn only_an_unread_http1_body_closes_the_connection() {
        let refused = connection("/refuse", "payload", Version::HTTP_11).await;
        assert_eq!(refused.as_deref(), Some("close"));
        assert_eq!(connection("/read", "payload", Version::HTTP_11).await, None);
        assert_eq!(connection("/refuse", "", Version::HTTP_11).await, None);
        assert_eq!(
            connection("/refuse", "payload", Version::HTTP_2).await,
            None
        );
    }
}
