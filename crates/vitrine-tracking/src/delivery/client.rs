//! reqwest clients for Meta Conversions API, TikTok Events API and GA4 Measurement Protocol,
//! with configurable base URLs (tests point them at a local receiver).

use std::time::Duration;

use async_trait::async_trait;
use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::Value;

use super::{DeliverySender, SendError};
use crate::outbox::Destination;
use crate::settings::{Ga4Settings, MetaSettings, TikTokSettings, TrackingSettings};

/// Sends with one pooled HTTP client (rustls). Error texts never include the URL, which
/// carries Meta's and GA4's credentials.
#[derive(Debug, Clone)]
pub struct HttpSender {
    client: Client,
    meta: MetaSettings,
    tiktok: TikTokSettings,
    ga4: Ga4Settings,
}

impl HttpSender {
    pub fn new(settings: &TrackingSettings) -> Result<Self, reqwest::Error> {
        let client = Client::builder()
            .timeout(Duration::from_secs(
                settings.delivery.request_timeout_secs.max(1),
            ))
            .user_agent(concat!("vitrine-tracking/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self {
            client,
            meta: settings.meta.clone(),
            tiktok: settings.tiktok.clone(),
            ga4: settings.ga4.clone(),
        })
    }

    fn request(
        &self,
        destination: Destination,
        payload: &Value,
    ) -> Result<RequestBuilder, SendError> {
        let off =
            |name: &str| SendError::Permanent(format!("{name} server events are switched off"));
        let base = |url: &str| url.trim_end_matches('/').to_owned();
        Ok(match destination {
            Destination::Meta if self.meta.enabled => {
                let url = format!(
                    "{}/v{}/{}/events",
                    base(&self.meta.base_url),
                    self.meta.api_version,
                    self.meta.pixel_id
                );
                self.client
                    .post(url)
                    .query(&[("access_token", self.meta.access_token.expose())])
                    .json(payload)
            }
            Destination::TikTok if self.tiktok.enabled => {
                let url = format!("{}/open_api/v1.3/event/track/", base(&self.tiktok.base_url));
                self.client
                    .post(url)
                    .header("Access-Token", self.tiktok.access_token.expose())
                    .json(payload)
            }
            Destination::Ga4 if self.ga4.enabled => {
                let url = format!("{}/mp/collect", base(&self.ga4.base_url));
                let query = [
                    ("measurement_id", self.ga4.measurement_id.as_str()),
                    ("api_secret", self.ga4.api_secret.expose()),
                ];
                self.client.post(url).query(&query).json(payload)
            }
            Destination::Meta => return Err(off("Meta")),
            Destination::TikTok => return Err(off("TikTok")),
            Destination::Ga4 => return Err(off("GA4")),
        })
    }
}

/// 408, 429 and 5xx may pass later; other 4xx will not.
fn classify_status(status: StatusCode, body: &str) -> SendError {
    let snippet: String = body.chars().take(300).collect();
    let message = format!("HTTP {}: {snippet}", status.as_u16());
    if status.is_server_error()
        || status == StatusCode::TOO_MANY_REQUESTS
        || status == StatusCode::REQUEST_TIMEOUT
    {
        SendError::Retryable(message)
    } else {
        SendError::Permanent(message)
    }
}

/// TikTok answers HTTP 200 with `{"code": n, "message": …}`; only code 0 is success.
fn tiktok_result(body: &str) -> Result<(), SendError> {
    let parsed: Value = serde_json::from_str(body)
        .map_err(|_| SendError::Retryable("TikTok: unreadable answer".into()))?;
    match parsed.get("code").and_then(Value::as_i64) {
        Some(0) => Ok(()),
        code => Err(SendError::Retryable(format!(
            "TikTok code {}: {}",
            code.unwrap_or(-1),
            parsed
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
        ))),
    }
}

#[async_trait]
impl DeliverySender for HttpSender {
    async fn send(&self, destination: Destination, payload: &Value) -> Result<(), SendError> {
        let response = self
            .request(destination, payload)?
            .send()
            .await
            .map_err(|e| SendError::Retryable(format!("{destination}: {}", e.without_url())))?;
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        if !status.is_success() {
            return Err(classify_status(status, &body));
        }
        match destination {
            Destination::TikTok => tiktok_result(&body),
            Destination::Meta | Destination::Ga4 => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_errors_and_throttling_are_retried_but_bad_requests_are_not() {
        assert!(matches!(
            classify_status(StatusCode::INTERNAL_SERVER_ERROR, ""),
            SendError::Retryable(_)
        ));
        assert!(matches!(
            classify_status(StatusCode::TOO_MANY_REQUESTS, ""),
            SendError::Retryable(_)
        ));
        assert!(matches!(
            classify_status(StatusCode::BAD_REQUEST, "bad"),
            SendError::Permanent(_)
        ));
    }

    #[test]
    fn tiktok_success_is_code_zero() {
        assert_eq!(tiktok_result(r#"{"code":0,"message":"OK"}"#), Ok(()));
        assert!(tiktok_result(r#"{"code":40001,"message":"bad token"}"#).is_err());
        assert!(tiktok_result("<html>").is_err());
    }

    #[test]
    fn switched_off_destinations_are_permanent_failures() {
        let sender = HttpSender::new(&TrackingSettings::default()).expect("client builds");
        let result = sender.request(Destination::Meta, &Value::Null).map(|_| ());
        assert!(matches!(result, Err(SendError::Permanent(_))));
    }
}
