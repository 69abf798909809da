//! Event intake: browser events checked against their page token, the shop's origin and page
//! and the browser's limits; server events from the shop's own flows. Both end in one ledger
//! row and one outbox row per destination the visitor's consent allows.

use hmac::Mac;
use serde_json::Value;

use super::service::RequestContext;
use super::state::TrackingState;
use vitrine_tracking::consent::ConsentChoices;
use vitrine_tracking::event::EventName;
use vitrine_tracking::hashing::HashedUserData;
use vitrine_tracking::ids::{SessionId, keyed_digest};
use vitrine_tracking::intake::{
    BrowserRefusal, InvalidEvent, TrackEventRequest, ValidEvent, check_browser_event, validate,
};
use vitrine_tracking::outbox::Destination;
use vitrine_tracking::payload::{ServerEvent, ga4, meta, tiktok};
use vitrine_tracking::ports::{AcceptOutcome, AcceptedEvent, OutboxMessage, StoreError};
use vitrine_tracking::token::TokenError;

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
    #[error("event_source_url is not on this shop's origin")]
    ForeignOrigin,
    #[error("{0} is sent by the shop from the paid order, never by the browser")]
    ServerOnly(EventName),
    #[error("this event id was already accepted")]
    Replayed,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<BrowserRefusal> for IntakeError {
    fn from(refusal: BrowserRefusal) -> Self {
        match refusal {
            BrowserRefusal::ForeignOrigin => Self::ForeignOrigin,
            BrowserRefusal::OtherPage => Self::Forged(TokenError::OtherPage),
            BrowserRefusal::ServerOnly(name) => Self::ServerOnly(name),
        }
    }
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
        let page = self.verify_page_token(session, token)?;
        let request: TrackEventRequest =
            serde_json::from_value(value).map_err(|e| IntakeError::Malformed(e.to_string()))?;
        let event = validate(request, self.now(), self.settings().max_event_value)?;
        check_browser_event(&event, &page, ctx.shop_origin.as_ref())?;
        self.enqueue(&event, session, ctx).await
    }

    /// Records an event the shop itself vouches for — Checkout's `Purchase` built from the paid
    /// order, with the browser pixel's event id so the platforms de-duplicate the pair — under
    /// the same consent gate as browser events. Crate-private: only the application's own
    /// flows (the order flow) may report revenue; no endpoint reaches it.
    pub(crate) async fn record_server_event(
        &self,
        event: &ValidEvent,
        session: &SessionId,
        ctx: &RequestContext,
    ) -> Result<usize, IntakeError> {
        self.enqueue(event, session, ctx).await
    }

    async fn enqueue(
        &self,
        event: &ValidEvent,
        session: &SessionId,
        ctx: &RequestContext,
    ) -> Result<usize, IntakeError> {
        let grants = self
            .grants(ctx.consent_decision.as_deref(), ctx.gpc)
            .await?;
        let messages = self.outbox_messages(event, session, ctx, grants).await?;
        let accepted = AcceptedEvent {
            event_id: event.event_id.clone(),
            event_name: event.name.as_str().to_owned(),
            received_at: self.now(),
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
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use async_trait::async_trait;
    use serde_json::json;
    use time::OffsetDateTime;
    use vitrine_tracking::attribution::AttributionSnapshot;
    use vitrine_tracking::consent::ConsentRecord;
    use vitrine_tracking::outbox::FailureUpdate;
    use vitrine_tracking::page::{PagePath, ShopOrigin};
    use vitrine_tracking::ports::{ClaimedDelivery, DeliveryRecord, TrackingStore};
    use vitrine_tracking::settings::{Secret, TrackingSettings};

    use super::*;

    /// Keeps what the intake enqueues; the rest of the port is not used here.
    #[derive(Default)]
    struct Ledger(Mutex<Vec<(String, Vec<OutboxMessage>)>>);

    impl Ledger {
        fn events(&self) -> Vec<(String, Vec<Destination>)> {
            let rows = self.0.lock().map(|rows| rows.clone()).unwrap_or_default();
            rows.into_iter()
                .map(|(id, messages)| (id, messages.iter().map(|m| m.destination).collect()))
                .collect()
        }
    }

    #[async_trait]
    impl TrackingStore for Ledger {
        async fn accept_event(
            &self,
            event: &AcceptedEvent,
            outbox: &[OutboxMessage],
        ) -> Result<AcceptOutcome, StoreError> {
            let mut rows = self
                .0
                .lock()
                .map_err(|_| StoreError::Corrupt("ledger lock poisoned".into()))?;
            if rows.iter().any(|(id, _)| *id == event.event_id) {
                return Ok(AcceptOutcome::Replayed);
            }
            rows.push((event.event_id.clone(), outbox.to_vec()));
            Ok(AcceptOutcome::Accepted)
        }
        async fn claim_due(
            &self,
            _: OffsetDateTime,
            _: OffsetDateTime,
            _: u32,
        ) -> Result<Vec<ClaimedDelivery>, StoreError> {
            Ok(Vec::new())
        }
        async fn mark_delivered(
            &self,
            _: &ClaimedDelivery,
            _: OffsetDateTime,
        ) -> Result<bool, StoreError> {
            Ok(false)
        }
        async fn mark_failed(
            &self,
            _: &ClaimedDelivery,
            _: &FailureUpdate,
        ) -> Result<bool, StoreError> {
            Ok(false)
        }
        async fn delivery_status(&self, _: &str) -> Result<Vec<DeliveryRecord>, StoreError> {
            Ok(Vec::new())
        }
        async fn append_consent(&self, _: &ConsentRecord) -> Result<(), StoreError> {
            Ok(())
        }
        async fn latest_consent(&self, _: &str) -> Result<Option<ConsentRecord>, StoreError> {
            Ok(None)
        }
        async fn upsert_attribution(
            &self,
            _: &str,
            _: &AttributionSnapshot,
        ) -> Result<(), StoreError> {
            Ok(())
        }
        async fn attribution(&self, _: &str) -> Result<Option<AttributionSnapshot>, StoreError> {
            Ok(None)
        }
    }

    const ORDER_PAGE: &str = "https://shop.example.com/checkout/order-received/";

    /// Meta on, consent granted by default (no banner), over `ledger`.
    fn state(ledger: &Arc<Ledger>) -> TrackingState {
        let mut settings = TrackingSettings {
            secret: Some(Secret("intake-test-secret-intake-test-secret".into())),
            ..TrackingSettings::default()
        };
        settings.consent.default_denied = false;
        settings.meta.enabled = true;
        settings.meta.pixel_id = "PIXEL".into();
        let store: Arc<dyn TrackingStore> = ledger.clone();
        TrackingState::new(settings, store).expect("state")
    }

    fn purchase_body(token: &str, now: OffsetDateTime) -> Value {
        json!({
            "event_id": "0123456789abcdefghijABCDEFGHIJ-12345",
            "event_name": "Purchase",
            "event_time": now.unix_timestamp(),
            "event_source_url": ORDER_PAGE,
            "custom_data": { "value": 42.5, "currency": "EUR" },
            "page_token": token,
        })
    }

    #[tokio::test]
    async fn the_browser_may_not_report_a_purchase_but_the_order_flow_may() {
        let ledger = Arc::new(Ledger::default());
        let tracking = state(&ledger);
        let session = SessionId::generate();
        let page = PagePath::parse("/checkout/order-received/").expect("page");
        let ctx = RequestContext {
            session: Some(session.clone()),
            shop_origin: ShopOrigin::resolve("https://shop.example.com", None),
            ..RequestContext::default()
        };
        let body = purchase_body(&tracking.issue_page_token(&session, &page), tracking.now());
        let refused = tracking
            .accept_event(body.to_string().as_bytes(), &ctx)
            .await;
        assert!(
            matches!(refused, Err(IntakeError::ServerOnly(EventName::Purchase))),
            "{refused:?}"
        );
        assert_eq!(ledger.events(), [], "not even the event id is spent");

        let request: TrackEventRequest = serde_json::from_value(body).expect("request");
        let paid = validate(request, tracking.now(), 1_000.0).expect("valid");
        let queued = tracking.record_server_event(&paid, &session, &ctx).await;
        assert_eq!(queued.ok(), Some(1));
        assert_eq!(
            ledger.events(),
            [(paid.event_id.clone(), vec![Destination::Meta])]
        );
    }

    #[tokio::test]
    async fn a_browser_event_of_the_tokens_page_is_queued() {
        let ledger = Arc::new(Ledger::default());
        let tracking = state(&ledger);
        let session = SessionId::generate();
        let page = PagePath::parse("/checkout/order-received/").expect("page");
        let ctx = RequestContext {
            session: Some(session.clone()),
            shop_origin: ShopOrigin::resolve("https://shop.example.com", None),
            ..RequestContext::default()
        };
        let mut body = purchase_body(&tracking.issue_page_token(&session, &page), tracking.now());
        body["event_name"] = json!("InitiateCheckout");
        let queued = tracking
            .accept_event(body.to_string().as_bytes(), &ctx)
            .await;
        assert_eq!(queued.ok(), Some(1));
    }
}
