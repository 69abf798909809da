//! Uploaded product images through the real router (ADR 0016): who may upload, the limits
//! (413, 415, 400), the WebP sizes served with long cache headers, and the post-process retry
//! after a 5xx that names the stored attachment.

use std::io::Cursor;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use async_trait::async_trait;
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::json;
use vitrine_domain::account::Role;
use vitrine_domain::media::{MediaFiles, MediaId};
use vitrine_domain::ports::StoreError;

use crate::helpers::{Login, TestApp, TestResponse, scratch_media};

const BOUNDARY: &str = "vitrine-test-boundary";

/// A `width`×`height` PNG.
pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, y as u8, 9]));
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png encodes");
    out.into_inner()
}

pub(crate) fn form(file_name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) async fn upload(app: &TestApp, login: Option<&Login>, body: Vec<u8>) -> TestResponse {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri("/api/v1/media")
        .header(
            "content-type",
            format!("multipart/form-data; boundary={BOUNDARY}"),
        );
    if let Some(login) = login {
        for (name, value) in login.headers() {
            request = request.header(name, value);
        }
    }
    app.request(request.body(Body::from(body)).expect("request builds"))
        .await
}

pub(crate) async fn manager(app: &TestApp) -> Login {
    app.add_user("manager@example.com", Role::ShopManager).await;
    app.login("manager@example.com").await
}

#[tokio::test]
async fn only_staff_who_edit_products_may_upload_with_their_nonce() {
    let app = TestApp::spawn().await;
    let body = || form("a.png", "image/png", &png(8, 8));
    let res = upload(&app, None, body()).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (401, json!("not_logged_in"))
    );
    app.add_user("ed@example.com", Role::Editor).await;
    let editor = app.login("ed@example.com").await;
    let res = upload(&app, Some(&editor), body()).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (403, json!("forbidden"))
    );
    let mut stale = manager(&app).await;
    stale.nonce = "0000".into();
    let res = upload(&app, Some(&stale), body()).await;
    assert_eq!(
        res.json()["code"],
        "rest_cookie_invalid_nonce",
        "{}",
        res.text
    );
}

#[tokio::test]
async fn an_upload_gets_four_webp_sizes_served_for_a_year() {
    let app = TestApp::spawn().await;
    let login = manager(&app).await;
    let res = upload(
        &app,
        Some(&login),
        form("C:\\photos\\hoodie.png", "image/png", &png(400, 200)),
    )
    .await;
    assert_eq!(res.status, 201, "{}", res.text);
    let media = res.json()["media"].clone();
    assert_eq!(media["file_name"], "hoodie.png");
    assert_eq!(media["mime_type"], "image/png");
    assert_eq!(
        (media["width"].clone(), media["height"].clone()),
        (json!(400), json!(200))
    );
    let id = media["id"].as_i64().expect("id");
    let sizes: Vec<_> = media["sizes"]
        .as_array()
        .expect("sizes")
        .iter()
        .map(|s| (s["name"].clone(), s["width"].clone(), s["height"].clone()))
        .collect();
    assert_eq!(
        sizes,
        vec![
            (json!("thumbnail"), json!(150), json!(150)),
            (json!("medium"), json!(300), json!(150)),
            (json!("large"), json!(400), json!(200)),
            (json!("full"), json!(400), json!(200)),
        ]
    );
    assert_eq!(
        media["srcset"],
        format!(
            "/media/uploads/{id}/medium.webp 300w, /media/uploads/{id}/large.webp 400w, /media/uploads/{id}/full.webp 400w"
        )
    );
    assert_eq!(
        media["source_url"],
        format!("/media/uploads/{id}/full.webp?sizes=150x150-300x150-400x200-400x200")
    );
    let file = app.get(&format!("/media/uploads/{id}/medium.webp")).await;
    assert_eq!(file.status, 200);
    assert_eq!(file.header("content-type"), "image/webp");
    assert_eq!(
        file.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    for missing in ["original", "huge.webp", "medium.png"] {
        let res = app.get(&format!("/media/uploads/{id}/{missing}")).await;
        assert_eq!(res.status, 404, "{missing}");
    }
}

#[tokio::test]
async fn too_large_unsupported_and_unreadable_files_are_refused_with_clear_codes() {
    let app = TestApp::spawn().await;
    let login = manager(&app).await;
    let big = vec![7u8; 10 * 1024 * 1024 + 1];
    let res = upload(&app, Some(&login), form("big.png", "image/png", &big)).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (413, json!("payload_too_large"))
    );
    assert!(
        res.json()["message"]
            .as_str()
            .unwrap_or_default()
            .contains("10 MiB")
    );
    let huge = vec![7u8; 12 * 1024 * 1024];
    let res = upload(&app, Some(&login), form("huge.png", "image/png", &huge)).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (413, json!("payload_too_large"))
    );
    let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
    let res = upload(&app, Some(&login), form("a.gif", "image/gif", gif)).await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (415, json!("unsupported_media_type"))
    );
    let res = upload(
        &app,
        Some(&login),
        form("a.png", "image/png", b"not an image"),
    )
    .await;
    assert_eq!(
        (res.status.as_u16(), res.json()["code"].clone()),
        (400, json!("invalid_image"))
    );
    assert_eq!(res.json()["field"], "file");
    let res = app
        .send(
            Method::POST,
            "/api/v1/media",
            &login.headers(),
            Some(&json!({})),
        )
        .await;
    assert_eq!(res.status, 415, "{}", res.text);
    let stored = app.get("/media/uploads/1/full.webp").await;
    assert_eq!(stored.status, 404, "nothing was stored");
}

/// Files that fail to write the sizes `failures` times, then work.
pub(crate) struct FlakyFiles {
    pub(crate) inner: vitrine_store::DirectoryMedia,
    pub(crate) failures: AtomicU32,
}

#[async_trait]
impl MediaFiles for FlakyFiles {
    async fn write(&self, id: MediaId, name: &str, bytes: &[u8]) -> Result<(), StoreError> {
        if name.ends_with(".webp")
            && self
                .failures
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok()
        {
            return Err(StoreError::Backend("disk full".into()));
        }
        self.inner.write(id, name, bytes).await
    }
    async fn read(&self, id: MediaId, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.read(id, name).await
    }
    async fn remove_all(&self, id: MediaId) -> Result<(), StoreError> {
        self.inner.remove_all(id).await
    }
}

#[tokio::test]
async fn a_failed_post_process_names_the_attachment_and_a_retry_finishes_it() {
    let files = Arc::new(FlakyFiles {
        inner: scratch_media(),
        failures: AtomicU32::new(2),
    });
    let app = TestApp::spawn().await.with_media_files(files);
    let login = manager(&app).await;
    let res = upload(&app, Some(&login), form("a.png", "image/png", &png(20, 20))).await;
    assert_eq!(res.status, 500, "{}", res.text);
    assert_eq!(res.json()["code"], "internal");
    let id = res.header("x-wp-upload-attachment-id").to_owned();
    assert!(!id.is_empty(), "the attachment is named");
    let again = format!("/api/v1/media/{id}/post-process");
    let action = json!({ "action": "create-image-subsizes" });
    let res = app
        .send(Method::POST, &again, &login.headers(), Some(&action))
        .await;
    assert_eq!(res.status, 500, "{}", res.text);
    assert_eq!(res.header("x-wp-upload-attachment-id"), id);
    let res = app
        .send(Method::POST, &again, &login.headers(), Some(&action))
        .await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(
        res.json()["media"]["sizes"].as_array().map(Vec::len),
        Some(4)
    );
    let wrong = app
        .send(
            Method::POST,
            &again,
            &login.headers(),
            Some(&json!({ "action": "x" })),
        )
        .await;
    assert_eq!(wrong.json()["field"], "action");
}

#[tokio::test]
async fn a_deleted_upload_and_its_sizes_are_gone() {
    let app = TestApp::spawn().await;
    let login = manager(&app).await;
    let res = upload(&app, Some(&login), form("a.png", "image/png", &png(20, 20))).await;
    let id = res.json()["media"]["id"].as_i64().expect("id");
    let mut headers = login.headers().to_vec();
    headers.push(("x-http-method-override", "DELETE"));
    let path = format!("/api/v1/media/{id}?force=true");
    let res = app.send(Method::POST, &path, &headers, None).await;
    assert_eq!(res.status, 200, "{}", res.text);
    assert_eq!(res.json(), json!({ "deleted": true }));
    assert_eq!(
        app.get(&format!("/media/uploads/{id}/full.webp"))
            .await
            .status,
        404
    );
    let res = app
        .send(Method::DELETE, &path, &login.headers(), None)
        .await;
    assert_eq!(res.status, 404);
}
