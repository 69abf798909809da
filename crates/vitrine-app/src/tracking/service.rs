//! The intake, consent and filter flows behind the endpoints, independent of HTTP.

use serde_json::Value;

use super::state::TrackingState;
use hmac::Mac;
use vitrine_tracking::consent::{self, ConsentChoices, ConsentRecord, ConsentRequest, GdprFilters};
use vitrine_tracking::hashing::HashedUserData;
use vitrine_tracking::ids::{SessionId, keyed_digest};
use vitrine_tracking::intake::{InvalidEvent, TrackEventRequest, ValidEvent, validate};
use vitrine_tracking::outbox::Destination;
use vitrine_tracking::payload::{ServerEvent, ga4, meta, tiktok};
use vitrine_tracking::ports::{AcceptOutcome, AcceptedEvent, OutboxMessage, StoreError};
use vitrine_tracking::token::TokenError;

/// What the HTTP layer knows about the request besides its body.
#[derive(Debug, Clone, Default)]
pub struct RequestContext {
    pub session: Option<SessionId>,
    /// The `vitrine_consent_id` cookie (the browser's decision id, set by the consent endpoint).
    pub consent_decision: Option<String>,
    pub client_ip: Option<String>,
    pub user_agent: Option<String>,
    pub referer: Option<String>,
    /// `_ga` and `_ttp` cookies, when the browser has them.
    pub ga_cookie: Option<String>,
    pub ttp_cookie: Option<String>,
    /// `Sec-GPC: 1` was sent.
    pub gpc: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum IntakeError {
    #[error("the body is not a JSON event: {0}")]
    Malformed(String),
    #[error(transparent)]
    Invalid(#[from] InvalidEvent),
    #[error("the page token or session cookie is missing")]
    MissingToken,
    #[error(transparent)]
    Forged(#[from] TokenError),
    #[error("this event id was already accepted")]
    Replayed,
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Debug, thiserror::Error)]
pub enum ConsentError {
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: &'static str,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl TrackingState {
    /// Verifies, validates, de-duplicates and enqueues one browser event for every destination
    /// that is switched on and allowed by the visitor's consent. Returns how many were queued.
    pub async fn accept_event(
        &self,
        body: &[u8],
        ctx: &RequestContext,
    ) -> Result<usize, IntakeError> {
        let value: Value =
            serde_json::from_slice(body).map_err(|e| IntakeError::Malformed(e.to_string()))?;
        // The token is checked before anything else is looked at: forged events cost nothing.
        let token = value
            .get("page_token")
            .and_then(Value::as_str)
            .ok_or(IntakeError::MissingToken)?;
        let session = ctx.session.as_ref().ok_or(IntakeError::MissingToken)?;
        self.verify_page_token(session, token)?;
        let request: TrackEventRequest =
            serde_json::from_value(value).map_err(|e| IntakeError::Malformed(e.to_string()))?;
        let now = self.now();
        let event = validate(request, now)?;
        let grants = self
            .grants(ctx.consent_decision.as_deref(), ctx.gpc)
            .await?;
        let messages = self.outbox_messages(&event, session, ctx, grants).await?;
        let accepted = AcceptedEvent {
            event_id: event.event_id.clone(),
            event_name: event.name.as_str().to_owned(),
            received_at: now,
        };
        match self.store().accept_event(&accepted, &messages).await? {
            AcceptOutcome::Accepted => Ok(messages.len()),
            AcceptOutcome::Replayed => Err(IntakeError::Replayed),
        }
    }

    async fn outbox_messages(
        &self,
        event: &ValidEvent,
        session: &SessionId,
        ctx: &RequestContext,
        grants: ConsentChoices,
    ) -> Result<Vec<OutboxMessage>, StoreError> {
        let s = self.settings();
        let wanted = |d: Destination| {
            let enabled = match d {
                Destination::Meta => s.meta.enabled,
                Destination::TikTok => s.tiktok.enabled,
                Destination::Ga4 => {
                    s.ga4.enabled
                        && (s.ga4.events.is_empty()
                            || s.ga4.events.iter().any(|n| n == event.name.as_str()))
                }
            };
            enabled && d.allowed_by(grants)
        };
        if !Destination::ALL.into_iter().any(wanted) {
            return Ok(Vec::new());
        }
        let snapshot = self.store().attribution(&session.storage_key()).await?;
        let click_ids = snapshot.as_ref().map(|s| &s.click_ids);
        // Personal data is only processed at all when marketing was granted.
        let user = if grants.marketing {
            let mut raw = event.user.clone();
            if raw.fbc.is_none() {
                raw.fbc = click_ids
                    .and_then(|c| c.fbclid.as_ref())
                    .zip(snapshot.as_ref())
                    .map(|(fbclid, s)| {
                        format!(
                            "fb.1.{}.{fbclid}",
                            s.source_recorded_at.unix_timestamp() * 1000
                        )
                    });
            }
            HashedUserData::from_raw(&raw, s.default_phone_country_code.as_deref())
        } else {
            HashedUserData::default()
        };
        let ga_client_id = ctx
            .ga_cookie
            .as_deref()
            .and_then(ga4::client_id_from_cookie)
            .unwrap_or_else(|| self.derived_ga_client_id(session));
        let server_event = ServerEvent {
            event,
            user: &user,
            client_ip: ctx.client_ip.as_deref().filter(|_| grants.marketing),
            user_agent: ctx.user_agent.as_deref(),
            referrer: ctx.referer.as_deref(),
            ttclid: click_ids
                .and_then(|c| c.ttclid.as_deref())
                .filter(|_| grants.marketing),
            ttp: ctx.ttp_cookie.as_deref().filter(|_| grants.marketing),
            ga_client_id: &ga_client_id,
            ga_user_id: None,
            grants,
        };
        let mut messages = Vec::new();
        for destination in Destination::ALL.into_iter().filter(|d| wanted(*d)) {
            let payload = match destination {
                Destination::Meta => Some(meta::build(
                    &server_event,
                    s.meta.test_event_code.as_deref(),
                )),
                Destination::TikTok => tiktok::build(
                    &server_event,
                    &s.tiktok.pixel_code,
                    s.tiktok.test_event_code.as_deref(),
                ),
                Destination::Ga4 => Some(ga4::build(&server_event)),
            };
            messages.extend(payload.map(|payload| OutboxMessage {
                destination,
                payload,
            }));
        }
        Ok(messages)
    }

    /// A stable GA4 client id for visitors without a `_ga` cookie: two 31-bit numbers from a
    /// keyed digest of the session (GA's `random.timestamp` shape).
    fn derived_ga_client_id(&self, session: &SessionId) -> String {
        let digest = keyed_digest(self.secret(), "vitrine-ga-client-v1", &[session.as_str()])
            .finalize()
            .into_bytes();
        let word = |i: usize| {
            u32::from_be_bytes([digest[i], digest[i + 1], digest[i + 2], digest[i + 3]]) >> 1
        };
        format!("{}.{}", word(0), word(4))
    }

    /// The visitor's latest proof-log decision, by the decision id from the consent cookie.
    pub async fn consent_record(
        &self,
        decision_id: Option<&str>,
    ) -> Result<Option<ConsentRecord>, StoreError> {
        match decision_id.filter(|id| consent::is_valid_decision_id(id)) {
            Some(id) => {
                self.store()
                    .latest_consent(&consent::pseudonymous_id(self.secret(), id))
                    .await
            }
            None => Ok(None),
        }
    }

    /// Effective grants for a visitor right now.
    pub async fn grants(
        &self,
        decision_id: Option<&str>,
        gpc: bool,
    ) -> Result<ConsentChoices, StoreError> {
        let record = self.consent_record(decision_id).await?;
        Ok(consent::effective_grants(
            record.as_ref(),
            &self.settings().consent,
            self.now(),
            gpc,
        ))
    }

    /// Appends a decision to the proof log with the server's time and a pseudonymous id.
    pub async fn record_consent(
        &self,
        req: &ConsentRequest,
        gpc_header: bool,
    ) -> Result<ConsentRecord, ConsentError> {
        if !consent::is_valid_decision_id(&req.decision_id) {
            let message = "must be 8 to 64 letters, digits, '-' or '_'";
            return Err(ConsentError::Invalid {
                field: "decision_id",
                message,
            });
        }
        let version = req.banner_version.trim();
        if version.is_empty() || version.len() > 64 {
            return Err(ConsentError::Invalid {
                field: "banner_version",
                message: "must be 1 to 64 characters",
            });
        }
        let record = ConsentRecord {
            subject: consent::pseudonymous_id(self.secret(), &req.decision_id),
            choices: req.choices,
            gpc: req.gpc || gpc_header,
            banner_version: version.to_owned(),
            source: req.source,
            recorded_at: self.now(),
        };
        self.store().append_consent(&record).await?;
        Ok(record)
    }

    /// The GDPR filter values for a visitor (spec §7).
    pub async fn gdpr_filters(
        &self,
        decision_id: Option<&str>,
        gpc: bool,
    ) -> Result<GdprFilters, StoreError> {
        let settings = &self.settings().consent;
        let record = self.consent_record(decision_id).await?;
        let now = self.now();
        let grants = consent::effective_grants(record.as_ref(), settings, now, gpc);
        let required = consent::reask_reason(record.as_ref(), settings, now).is_some();
        Ok(GdprFilters::from_grants(
            grants,
            required,
            &settings.banner_version,
        ))
    }
}
