//! The ECB document over HTTP: `GET {url}`, read within a size limit, parsed strictly.

use std::fmt;
use std::time::Duration;

use async_trait::async_trait;
use reqwest::header::ACCEPT;
use reqwest::{Client, Response, redirect};
use url::Url;
use vitrine_domain::rates::{ExchangeRates, RateSource, RateSourceError};

use crate::ecb::{self, EcbDaily};
use crate::error::EcbError;
use crate::settings::{SettingsError, shown};

/// The daily file is ~2 kB and the 90-day file ~100 kB; a megabyte is not a rate document.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// A moved file is followed a few hops (the request carries no secret a redirect could leak
/// beyond what reqwest already strips across hosts); a loop is not.
const MAX_REDIRECTS: usize = 3;

/// Fetches the ECB's reference rates. Cheap to clone (one pooled rustls client inside).
#[derive(Clone)]
pub struct EcbClient {
    http: Client,
    url: Url,
    /// The address as errors and logs show it (no credentials, no query).
    shown_url: String,
}

impl EcbClient {
    /// A client for the document at `url` with a whole-request `timeout`.
    pub fn new(url: &Url, timeout: Duration) -> Result<Self, SettingsError> {
        let http = Client::builder()
            .timeout(timeout)
            .redirect(redirect::Policy::limited(MAX_REDIRECTS))
            .user_agent(concat!("vitrine-rates/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|error| SettingsError::Client(error.without_url().to_string()))?;
        Ok(Self {
            http,
            url: url.clone(),
            shown_url: shown(url.as_str()),
        })
    }

    /// The newest day's rates per euro, and the codes that were skipped.
    pub async fn fetch(&self) -> Result<EcbDaily, EcbError> {
        let response = self
            .http
            .get(self.url.clone())
            .header(ACCEPT, "application/xml, text/xml")
            .send()
            .await
            .map_err(|error| self.transport(error))?;
        let status = response.status();
        if !status.is_success() {
            return Err(EcbError::Status {
                url: self.shown_url.clone(),
                status: status.as_u16(),
            });
        }
        let body = self.read_body(response).await?;
        ecb::parse_bytes(&body).map_err(|error| EcbError::Document {
            url: self.shown_url.clone(),
            error,
        })
    }

    async fn read_body(&self, mut response: Response) -> Result<Vec<u8>, EcbError> {
        let too_large = || EcbError::TooLarge {
            url: self.shown_url.clone(),
            limit: MAX_BODY_BYTES,
        };
        if response
            .content_length()
            .is_some_and(|length| length > MAX_BODY_BYTES as u64)
        {
            return Err(too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|error| self.transport(error))?
        {
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// reqwest errors name the URL, which may carry a mirror's credentials: it is dropped,
    /// and the cause chain (where "operation timed out" or "Connection refused" lives) kept.
    fn transport(&self, error: reqwest::Error) -> EcbError {
        let timed_out = error.is_timeout();
        let error = error.without_url();
        let mut message = error.to_string();
        let mut source = std::error::Error::source(&error);
        while let Some(cause) = source {
            message.push_str(": ");
            message.push_str(&cause.to_string());
            source = cause.source();
        }
        EcbError::Transport {
            url: self.shown_url.clone(),
            timed_out,
            message,
        }
    }
}

#[async_trait]
impl RateSource for EcbClient {
    fn name(&self) -> &str {
        "ecb"
    }

    async fn latest(&self) -> Result<ExchangeRates, RateSourceError> {
        let read = self.fetch().await?;
        if !read.skipped.is_empty() {
            tracing::warn!(
                source = "ecb",
                url = %self.shown_url,
                skipped = ?read.skipped,
                "the ECB quoted currency codes ISO 4217 does not know; their rates are skipped"
            );
        }
        Ok(read.rates)
    }
}

impl fmt::Debug for EcbClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EcbClient")
            .field("url", &self.shown_url)
            .finish_non_exhaustive()
    }
}
