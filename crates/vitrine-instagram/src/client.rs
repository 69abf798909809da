//! The Graph API client: `GET {base_url}/me/media` with the shop's token, mapped to posts.

use std::fmt;

use reqwest::header::ACCEPT;
use reqwest::{Client, Response, StatusCode, redirect};
use serde::Deserialize;
use serde_json::Value;
use url::Url;

use crate::error::InstagramError;
use crate::post::{InstagramPost, posts_from_graph};
use crate::settings::{InstagramSettings, SettingsError};

/// The media fields the feed asks for.
pub const MEDIA_FIELDS: &str = "id,caption,media_type,media_url,thumbnail_url,permalink,timestamp";

/// A feed of at most 20 posts is a few kB; anything far bigger is not the Graph API.
const MAX_BODY_BYTES: usize = 1024 * 1024;

/// Graph error messages are a sentence; a proxy's page is not worth keeping.
const MAX_MESSAGE_CHARS: usize = 300;

/// Fetches the shop's recent media. Cheap to clone (one pooled rustls client inside).
#[derive(Clone)]
pub struct InstagramClient {
    http: Client,
    media_url: Url,
    limit: String,
    access_token: String,
}

#[derive(Deserialize)]
struct MediaPage {
    data: Vec<Value>,
}

#[derive(Deserialize)]
struct GraphErrorBody {
    error: GraphError,
}

#[derive(Deserialize)]
struct GraphError {
    message: Option<String>,
    code: Option<i64>,
}

impl InstagramClient {
    /// Validates the settings and builds the client. Redirects are not followed: the token
    /// travels in the query string and must only go to `base_url`.
    pub fn new(settings: &InstagramSettings) -> Result<Self, SettingsError> {
        settings.validate()?;
        let mut media_url = settings.base_url()?;
        media_url.set_fragment(None);
        media_url
            .path_segments_mut()
            .map_err(|()| SettingsError::Url {
                field: "base_url",
                value: settings.base_url.clone(),
            })?
            .pop_if_empty()
            .extend(["me", "media"]);
        let http = Client::builder()
            .timeout(settings.timeout())
            .redirect(redirect::Policy::none())
            .user_agent(concat!("vitrine-instagram/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|error| SettingsError::Client(error.without_url().to_string()))?;
        Ok(Self {
            http,
            media_url,
            limit: settings.limit.to_string(),
            access_token: settings.access_token.clone(),
        })
    }

    /// The newest posts the feed can show, newest first, at most `limit` of them.
    pub async fn recent_media(&self) -> Result<Vec<InstagramPost>, InstagramError> {
        let query = [
            ("fields", MEDIA_FIELDS),
            ("limit", self.limit.as_str()),
            ("access_token", self.access_token.as_str()),
        ];
        let response = self
            .http
            .get(self.media_url.clone())
            .query(&query)
            .header(ACCEPT, "application/json")
            .send()
            .await
            .map_err(|error| self.transport(error))?;
        let status = response.status();
        let body = self.read_body(response).await?;
        if !status.is_success() {
            return Err(self.status_error(status, &body));
        }
        let page: MediaPage = serde_json::from_slice(&body)
            .map_err(|error| InstagramError::Decode(self.redact(&error.to_string())))?;
        Ok(posts_from_graph(page.data))
    }

    async fn read_body(&self, mut response: Response) -> Result<Vec<u8>, InstagramError> {
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|error| self.transport(error))?
        {
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(InstagramError::Decode(format!(
                    "the answer is larger than {MAX_BODY_BYTES} bytes"
                )));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// reqwest errors name the URL, which carries the token: it is dropped, and the cause
    /// chain (where "operation timed out" or "Connection refused" lives) is kept.
    fn transport(&self, error: reqwest::Error) -> InstagramError {
        let timed_out = error.is_timeout();
        let error = error.without_url();
        let mut message = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            message.push_str(": ");
            message.push_str(&cause.to_string());
            source = cause.source();
        }
        InstagramError::Transport {
            timed_out,
            message: self.redact(&message),
        }
    }

    fn status_error(&self, status: StatusCode, body: &[u8]) -> InstagramError {
        let graph = serde_json::from_slice::<GraphErrorBody>(body)
            .ok()
            .map(|body| body.error);
        let (code, message) = match graph {
            Some(error) => (error.code, error.message),
            None => (None, None),
        };
        InstagramError::Status {
            status: status.as_u16(),
            code,
            message: message
                .filter(|m| !m.trim().is_empty())
                .map(|m| self.redact(&m.chars().take(MAX_MESSAGE_CHARS).collect::<String>())),
        }
    }

    /// Whatever upstream echoes, the token does not reach an error text.
    fn redact(&self, text: &str) -> String {
        let encoded: String =
            url::form_urlencoded::byte_serialize(self.access_token.as_bytes()).collect();
        text.replace(&self.access_token, "[redacted]")
            .replace(&encoded, "[redacted]")
    }
}

impl fmt::Debug for InstagramClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InstagramClient")
            .field("media_url", &self.media_url.as_str())
            .field("limit", &self.limit)
            .field("access_token", &"<redacted>")
            .finish_non_exhaustive()
    }
}
