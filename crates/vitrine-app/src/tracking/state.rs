//! `TrackingState`: settings, secret, store, rate limiter and clock shared by the handlers,
//! plus the calls the storefront makes (page tokens, landing attribution).

use std::sync::Arc;

use time::{Duration, OffsetDateTime};

use crate::brake::{BrakeKind, Braked, LocalBrake};
use vitrine_domain::brake::BrakeRule;
use vitrine_tracking::attribution::{self, AttributionSnapshot, Landing};
use vitrine_tracking::ids::{SessionId, random_hex};
use vitrine_tracking::page::{InvalidPage, PagePath};
use vitrine_tracking::ports::{StoreError, TrackingStore};
use vitrine_tracking::settings::TrackingSettings;
use vitrine_tracking::token::{self, TokenError};

/// Shortest accepted secret (bytes).
const MIN_SECRET_LEN: usize = 32;

/// The clock the crate reads; tests substitute a fixed one.
pub use crate::clock::Clock;

#[derive(Debug, thiserror::Error)]
pub enum TrackingError {
    #[error("tracking configuration: {0}")]
    Config(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A page token as the token endpoint hands it out.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub token: String,
    /// The normalised page the token is for.
    pub page: PagePath,
    pub session: SessionId,
    /// The session was made for this request (the answer sets its cookie).
    pub fresh_session: bool,
    pub max_age_secs: u64,
}

/// Cheap to clone: the HTTP layer keeps one for the endpoints and storefront pages.
#[derive(Clone)]
pub struct TrackingState {
    inner: Arc<Inner>,
}

struct Inner {
    settings: TrackingSettings,
    secret: Vec<u8>,
    store: Arc<dyn TrackingStore>,
    /// In memory per instance on purpose: a load limiter on the hot path (see `LocalBrake`).
    limiter: LocalBrake,
    clock: Clock,
}

impl std::fmt::Debug for TrackingState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TrackingState")
            .field("settings", &self.inner.settings)
            .finish_non_exhaustive()
    }
}

impl TrackingState {
    /// Fails when a configured secret is shorter than 32 bytes. Without one, a random secret
    /// is generated (fine for a single demo instance; tokens die with the process).
    pub fn new(
        settings: TrackingSettings,
        store: Arc<dyn TrackingStore>,
    ) -> Result<Self, TrackingError> {
        Self::with_clock(settings, store, Arc::new(OffsetDateTime::now_utc))
    }

    pub fn with_clock(
        settings: TrackingSettings,
        store: Arc<dyn TrackingStore>,
        clock: Clock,
    ) -> Result<Self, TrackingError> {
        let secret = match &settings.secret {
            Some(s) if s.expose().len() >= MIN_SECRET_LEN => s.expose().as_bytes().to_vec(),
            Some(_) => {
                return Err(TrackingError::Config(format!(
                    "tracking.secret must be at least {MIN_SECRET_LEN} bytes"
                )));
            }
            None => {
                tracing::warn!("tracking.secret is not set; using a random one for this process");
                random_hex(32).into_bytes()
            }
        };
        let max_value = settings.max_event_value;
        if !(max_value.is_finite() && max_value > 0.0) {
            return Err(TrackingError::Config(format!(
                "tracking.max_event_value must be a positive number, not {max_value}"
            )));
        }
        let limiter = LocalBrake::new(BrakeRule::new(
            settings.rate_limit.burst,
            settings.rate_limit.per_minute,
        ));
        Ok(Self {
            inner: Arc::new(Inner {
                settings,
                secret,
                store,
                limiter,
                clock,
            }),
        })
    }

    pub fn settings(&self) -> &TrackingSettings {
        &self.inner.settings
    }

    pub fn store(&self) -> &Arc<dyn TrackingStore> {
        &self.inner.store
    }

    pub fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    pub(crate) fn secret(&self) -> &[u8] {
        &self.inner.secret
    }

    /// Counts a request of `client` (its address); `Err` when it is over `rate_limit`.
    pub fn allow(&self, client: &str) -> Result<(), Braked> {
        self.inner
            .limiter
            .check(client)
            .map_err(|retry_after| Braked {
                kind: BrakeKind::Tracking,
                retry_after,
            })
    }

    /// `POST /api/v1/tracking/token`: a token for the page at `path` (normalised; storefront
    /// pages only) and the visitor's session, made here when the visitor has none yet.
    pub fn page_token_for(
        &self,
        session: Option<SessionId>,
        path: &str,
    ) -> Result<IssuedToken, InvalidPage> {
        let page = PagePath::parse(path)?;
        let fresh_session = session.is_none();
        let session = session.unwrap_or_else(SessionId::generate);
        Ok(IssuedToken {
            token: self.issue_page_token(&session, &page),
            page,
            session,
            fresh_session,
            max_age_secs: self.settings().page_token_max_age_secs,
        })
    }

    /// A page token for `session` on `page`; the browser sends it back with each server event
    /// of that page.
    pub fn issue_page_token(&self, session: &SessionId, page: &PagePath) -> String {
        token::issue_page_token(self.secret(), session, page, self.now())
    }

    /// The page a token of `session` was issued for, when it is genuine and not expired.
    pub fn verify_page_token(
        &self,
        session: &SessionId,
        token: &str,
    ) -> Result<PagePath, TokenError> {
        let max_age = Duration::seconds(
            i64::try_from(self.settings().page_token_max_age_secs).unwrap_or(i64::MAX / 2),
        );
        token::verify_page_token(self.secret(), session, token, self.now(), max_age)
    }

    /// Classifies one HTML page request and stores the session's updated snapshot. `uri` is
    /// the request target (a path is made absolute with `host`, the `Host` header, unless
    /// `attribution.site_host` is set). `Ok(None)` when attribution is off or no host is known.
    pub async fn record_landing(
        &self,
        uri: &str,
        host: Option<&str>,
        referer: Option<&str>,
        user_agent: Option<&str>,
        session: &SessionId,
    ) -> Result<Option<AttributionSnapshot>, TrackingError> {
        let settings = &self.settings().attribution;
        if !settings.enabled {
            return Ok(None);
        }
        let Some(landing) = Landing::from_request(
            uri,
            host,
            referer,
            user_agent,
            settings.site_host.as_deref(),
        ) else {
            return Ok(None);
        };
        let key = session.storage_key();
        let previous = self.store().attribution(&key).await?;
        let session_length = Duration::minutes(i64::from(settings.session_minutes));
        let snapshot =
            attribution::advance(previous.as_ref(), &landing, self.now(), session_length);
        self.store().upsert_attribution(&key, &snapshot).await?;
        Ok(Some(snapshot))
    }

    /// The session's attribution snapshot (what checkout attaches to an order).
    pub async fn attribution(
        &self,
        session: &SessionId,
    ) -> Result<Option<AttributionSnapshot>, TrackingError> {
        Ok(self.store().attribution(&session.storage_key()).await?)
    }
}
