//! Uploaded product images (ADR 0016): `POST /api/v1/media` (multipart, staff with
//! `upload_files` and `edit_products`), `POST /api/v1/media/{id}/post-process`,
//! `DELETE /api/v1/media/{id}` and the WebP sizes at `/media/uploads/{id}/{size}.webp`.

mod product_image;
mod view;

use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use vitrine_app::AppError;
use vitrine_app::media::{MediaError, Upload};
use vitrine_domain::media::MediaId;
use vitrine_images::{MAX_UPLOAD_BYTES, Size};

use crate::account::SignedIn;
use crate::error::{ATTACHMENT_ID_HEADER, ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{AppJson, AppPath, AppQuery};
use crate::responses::{Internal, JsonBody};
use crate::state::AppState;

pub use product_image::{ProductImageRequest, ProductImageResponse};
pub use view::{MediaSizeView, MediaView};

/// The multipart framing allowed around the file (boundaries, part headers).
const FRAMING: usize = 64 * 1024;

/// `{ "media": MediaView }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MediaResponse {
    pub media: MediaView,
}

/// What to do again: WordPress's only action, `create-image-subsizes`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PostProcessRequest {
    pub action: String,
}

/// `force=true` as WordPress sends it; uploads are never trashed, so it changes nothing.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteQuery {
    pub force: Option<bool>,
}

/// `{ "deleted": true }`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedResponse {
    pub deleted: bool,
}

fn multipart_error(status: StatusCode, message: String) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large();
    }
    ApiError::new(
        StatusCode::BAD_REQUEST,
        ErrorCode::InvalidParameter,
        message,
    )
    .with_field("file")
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::PayloadTooLarge,
        format!(
            "The file is larger than the {} MiB upload limit.",
            MAX_UPLOAD_BYTES / (1024 * 1024)
        ),
    )
    .with_field("file")
}

/// An error answer that may name the stored attachment (`X-WP-Upload-Attachment-ID`, as
/// WordPress), so the client can ask to post-process it again. Boxed: kept small.
#[derive(Debug)]
pub struct UploadError {
    error: Box<ApiError>,
    attachment: Option<i64>,
}

impl From<ApiError> for UploadError {
    fn from(error: ApiError) -> Self {
        Self {
            error: Box::new(error),
            attachment: None,
        }
    }
}

impl From<AppError> for UploadError {
    fn from(err: AppError) -> Self {
        let attachment = match &err {
            AppError::Media(MediaError::PostProcessFailed(id)) => Some(id.0),
            _ => None,
        };
        Self {
            error: Box::new(ApiError::from(err)),
            attachment,
        }
    }
}

impl IntoResponse for UploadError {
    fn into_response(self) -> Response {
        let mut response = self.error.into_response();
        if let Some(id) = self.attachment {
            response
                .headers_mut()
                .insert(ATTACHMENT_ID_HEADER, HeaderValue::from(id));
        }
        response
    }
}

/// The `file` part of the form.
async fn read_upload(multipart: Result<Multipart, MultipartRejection>) -> ApiResult<Upload> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::UnsupportedMediaType,
            "Send the image as `multipart/form-data` with a `file` part.",
        )
    })?;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(e.status(), e.body_text()))?
    {
        if field.name() != Some("file") {
            continue;
        }
        let file_name = field.file_name().unwrap_or("image").to_owned();
        let declared_type = field.content_type().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| multipart_error(e.status(), e.body_text()))?;
        return Ok(Upload {
            file_name,
            declared_type,
            bytes: bytes.to_vec(),
        });
    }
    Err(ApiError::invalid_parameter(
        "file",
        "Choose an image file to upload.",
    ))
}

/// Uploads a product image; its sizes are made before the answer.
#[utoipa::path(post, path = "/api/v1/media", tag = "media",
    params(("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body(content_type = "multipart/form-data", description = "A `file` part: JPEG, PNG or WebP, at most 10 MiB and 50 megapixels"),
    responses(
        (status = 201, body = MediaResponse),
        (status = 400, description = "`invalid_image` (not a readable image), `image_too_large` (over 50 megapixels), `invalid_parameter` (no `file` part)", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden` (no `upload_files` and `edit_products`)", body = ErrorBody),
        (status = 413, description = "`payload_too_large`: over 10 MiB", body = ErrorBody),
        (status = 415, description = "`unsupported_media_type`: not JPEG, PNG or WebP, or not multipart", body = ErrorBody),
        (status = 500, description = "`internal`; with `X-WP-Upload-Attachment-ID` the image was stored but its sizes were not made: post-process it again, or delete it", body = ErrorBody)))]
pub async fn upload_media(
    State(state): State<AppState>,
    signed_in: SignedIn,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, UploadError> {
    let upload = read_upload(multipart).await?;
    let attachment = state
        .shop()
        .media_library()
        .upload(&signed_in.user, upload)
        .await?;
    let body = MediaResponse {
        media: MediaView::new(&attachment),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// Makes a stored image's sizes again (after a 5xx naming it).
#[utoipa::path(post, path = "/api/v1/media/{id}/post-process", tag = "media",
    params(
        ("id" = i64, Path, description = "The attachment id"),
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    request_body = PostProcessRequest,
    responses(
        (status = 200, body = MediaResponse),
        (status = 400, description = "`invalid_parameter` (`action` is not `create-image-subsizes`, or `id` not a whole number)", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        JsonBody,
        (status = 500, description = "`internal`, with `X-WP-Upload-Attachment-ID`: still not made", body = ErrorBody)))]
pub async fn post_process_media(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(id): AppPath<i64>,
    AppJson(request): AppJson<PostProcessRequest>,
) -> Result<Json<MediaResponse>, UploadError> {
    if request.action != "create-image-subsizes" {
        return Err(ApiError::invalid_parameter(
            "action",
            "The only action is `create-image-subsizes`.",
        )
        .into());
    }
    let attachment = state
        .shop()
        .media_library()
        .post_process(&signed_in.user, MediaId(id))
        .await?;
    Ok(Json(MediaResponse {
        media: MediaView::new(&attachment),
    }))
}

/// Deletes an uploaded image and its sizes (`force=true` as WordPress; there is no trash).
#[utoipa::path(delete, path = "/api/v1/media/{id}", tag = "media",
    params(
        ("id" = i64, Path, description = "The attachment id"),
        DeleteQuery,
        ("X-WP-Nonce" = String, Header, description = "The account's nonce")),
    responses(
        (status = 200, body = DeletedResponse),
        (status = 400, description = "`invalid_parameter` (`id` not a whole number)", body = ErrorBody),
        (status = 401, description = "`not_logged_in`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`, `forbidden`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
        Internal))]
pub async fn delete_media(
    State(state): State<AppState>,
    signed_in: SignedIn,
    AppPath(id): AppPath<i64>,
    AppQuery(_force): AppQuery<DeleteQuery>,
) -> ApiResult<Json<DeletedResponse>> {
    state
        .shop()
        .media_library()
        .delete(&signed_in.user, MediaId(id))
        .await?;
    Ok(Json(DeletedResponse { deleted: true }))
}

/// One size of an uploaded image, cached for a year (a size never changes under its name).
#[utoipa::path(get, path = "/media/uploads/{id}/{file}", tag = "media",
    params(
        ("id" = i64, Path, description = "The attachment id"),
        ("file" = String, Path, description = "`thumbnail.webp`, `medium.webp`, `large.webp` or `full.webp`")),
    responses(
        (status = 200, description = "The WebP size", content_type = "image/webp", body = Vec<u8>),
        (status = 400, description = "`invalid_parameter` (`id` not a whole number)", body = ErrorBody),
        (status = 404, description = "Unknown attachment or size", body = ErrorBody)))]
pub async fn get_upload(
    State(state): State<AppState>,
    AppPath((id, file)): AppPath<(i64, String)>,
) -> ApiResult<Response> {
    let size = file
        .strip_suffix(".webp")
        .and_then(Size::parse)
        .ok_or_else(ApiError::not_found)?;
    let name = format!("{}.webp", size.as_str());
    let bytes = state
        .shop()
        .media_library()
        .file(MediaId(id), &name)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/webp"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        bytes,
    )
        .into_response())
}

#[derive(OpenApi)]
#[openapi(tags((name = "media", description = "Uploaded product images (ADR 0016)")))]
struct UploadsDoc;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(UploadsDoc::openapi())
        .routes(routes!(upload_media))
        .routes(routes!(post_process_media))
        .routes(routes!(delete_media))
        .routes(routes!(product_image::set_product_image))
        .routes(routes!(get_upload))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD_BYTES + FRAMING))
}
