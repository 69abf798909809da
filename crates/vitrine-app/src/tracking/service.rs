//! The consent and filter flows behind the endpoints, and what every tracking use case knows
//! about the request, independent of HTTP.

use super::state::TrackingState;
use vitrine_tracking::consent::{self, ConsentChoices, ConsentRecord, ConsentRequest, GdprFilters};
use vitrine_tracking::ids::SessionId;
use vitrine_tracking::page::ShopOrigin;
use vitrine_tracking::ports::StoreError;

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
    /// The shop's own origin (`public_url`, or the addressed host): browser events from any
    /// other are refused.
    pub shop_origin: Option<ShopOrigin>,
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
