//! Keep-alive after early answers, over a real TCP connection (issue 11): a refusal made
//! before the request body is read (rate limit, cross-site guard, wrong type, declared size)
//! must not leave the client holding a connection the server is closing. A client that does
//! what the answer says (`Connection: close`: open a new connection; otherwise send the rest
//! of its body and reuse the connection) always gets its next request answered.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::timeout;

use crate::tracking_support::TrackingApp;

const WAIT: Duration = Duration::from_secs(5);

/// The app behind a real listener on a free port.
async fn serve(app: &TrackingApp) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let addr = listener.local_addr().expect("bound");
    let service = app
        .router()
        .into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await });
    addr
}

struct Answer {
    status: u16,
    head: String,
}

impl Answer {
    fn closes(&self) -> bool {
        self.head
            .lines()
            .filter_map(|line| line.split_once(':'))
            .any(|(name, value)| {
                name.eq_ignore_ascii_case("connection")
                    && value.trim().eq_ignore_ascii_case("close")
            })
    }
}

/// One answer from the connection (head and `Content-Length` body), or `None` when the
/// server closed it first.
async fn read_answer(stream: &mut TcpStream) -> Option<Answer> {
    let mut buf = Vec::new();
    let mut byte = [0_u8; 1];
    while !buf.ends_with(b"\r\n\r\n") {
        match timeout(WAIT, stream.read(&mut byte)).await {
            Ok(Ok(1)) => buf.push(byte[0]),
            Ok(_) => return None,
            Err(_) => panic!(
                "no answer within {WAIT:?}: {}",
                String::from_utf8_lossy(&buf)
            ),
        }
    }
    let head = String::from_utf8(buf).expect("ASCII head");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let length: usize = head
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or_else(|| panic!("answers here have a length: {head}"));
    let mut body = vec![0_u8; length];
    timeout(WAIT, stream.read_exact(&mut body))
        .await
        .expect("body in time")
        .expect("body read");
    Some(Answer { status, head })
}

/// Whether the server has closed the connection (reads end) rather than keeping it open.
async fn closed_by_server(stream: &mut TcpStream) -> bool {
    let mut byte = [0_u8; 1];
    matches!(
        timeout(WAIT, stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}

/// A request head with `Content-Length` of `body`, and the body.
fn post(path: &str, headers: &[&str], body: &str) -> (String, String) {
    let mut head = format!("POST {path} HTTP/1.1\r\nHost: shop.test\r\n");
    for header in headers {
        head.push_str(header);
        head.push_str("\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    (head, body.to_owned())
}

const NEXT: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n";

/// Sends a request whose body follows its head only once the answer is in (a refusal
/// before reading), or with its head, then a second request the way a client following the
/// answer's `Connection` header would; the second must be answered 200.
async fn refused_then_next(
    addr: SocketAddr,
    (head, body): (String, String),
    body_with_head: bool,
) -> Answer {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    if body_with_head {
        stream
            .write_all(format!("{head}{body}").as_bytes())
            .await
            .expect("sent");
    } else {
        stream.write_all(head.as_bytes()).await.expect("head sent");
    }
    let refused = read_answer(&mut stream).await.expect("an answer");
    if refused.closes() {
        assert!(
            closed_by_server(&mut stream).await,
            "said close but kept the connection"
        );
        stream = TcpStream::connect(addr).await.expect("reconnects");
    } else if !body_with_head {
        // A keep-alive client goes on sending the body it announced.
        stream.write_all(body.as_bytes()).await.expect("body sent");
    }
    stream.write_all(NEXT).await.expect("next request sent");
    let next = read_answer(&mut stream).await.unwrap_or_else(|| {
        panic!(
            "the next request died with the connection after:\n{}",
            refused.head
        )
    });
    assert_eq!(next.status, 200, "{}", next.head);
    refused
}

const CONSENT: &str = r#"{"decision_id":"keep-alive-decision-1","banner_version":"1","choices":{"analytics":true,"marketing":false,"preferences":false}}"#;

#[tokio::test]
async fn a_refusal_before_the_body_is_read_closes_the_connection_cleanly() {
    let app = TrackingApp::spawn(|_| {}).await;
    let addr = serve(&app).await;
    let json = "Content-Type: application/json";
    let cases = [
        (
            "cross-site",
            403,
            post(
                "/api/v1/consent",
                &[
                    json,
                    "Origin: https://evil.example",
                    "Sec-Fetch-Site: cross-site",
                ],
                CONSENT,
            ),
        ),
        (
            "not JSON",
            415,
            post("/api/v1/cart/items", &["Content-Type: text/plain"], CONSENT),
        ),
        (
            "declared too large",
            413,
            post("/api/v1/consent", &[json], &" ".repeat(5 * 1024)),
        ),
    ];
    for (what, status, request) in cases {
        for body_with_head in [false, true] {
            let refused = refused_then_next(addr, request.clone(), body_with_head).await;
            assert_eq!(refused.status, status, "{what}: {}", refused.head);
            assert!(refused.closes(), "{what}: {}", refused.head);
        }
    }
}

#[tokio::test]
async fn a_rate_limited_request_leaves_no_broken_connection() {
    let app = TrackingApp::spawn(|s| {
        s.rate_limit.burst = 1;
        s.rate_limit.per_minute = 1;
    })
    .await;
    let addr = serve(&app).await;
    let json = "Content-Type: application/json";
    let first = refused_then_next(addr, post("/api/v1/consent", &[json], CONSENT), true).await;
    assert_eq!(
        first.status, 201,
        "the budget's one request: {}",
        first.head
    );
    for attempt in 0..10 {
        let request = post("/api/v1/consent", &[json], CONSENT);
        let refused = refused_then_next(addr, request, attempt % 2 == 0).await;
        assert_eq!(refused.status, 429, "{}", refused.head);
    }
}

#[tokio::test]
async fn a_request_whose_body_was_read_keeps_its_connection() {
    let app = TrackingApp::spawn(|_| {}).await;
    let addr = serve(&app).await;
    let json = "Content-Type: application/json";
    let request = post("/api/v1/consent", &[json], CONSENT);
    let answered = refused_then_next(addr, request, true).await;
    assert_eq!(answered.status, 201, "{}", answered.head);
    assert!(!answered.closes(), "{}", answered.head);
    // Even a refusal keeps the connection once the body was read (invalid JSON is read whole).
    let request = post("/api/v1/cart/items", &[json], "{not json");
    let refused = refused_then_next(addr, request, true).await;
    assert_eq!(refused.status, 400, "{}", refused.head);
    assert!(!refused.closes(), "{}", refused.head);
}
