//! Consent proof-log and attribution-snapshot queries.

use sqlx::{AnyPool, Row};

use vitrine_domain::ports::StoreError;
use vitrine_tracking::attribution::AttributionSnapshot;
use vitrine_tracking::consent::{ConsentChoices, ConsentRecord, ConsentSource};

use super::{from_secs, secs};
use crate::error::db_error;

pub(super) async fn append_consent(pool: &AnyPool, r: &ConsentRecord) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tracking_consent_log (subject, analytics, marketing, preferences, gpc, \
         banner_version, source, recorded_at, google_ads) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&r.subject)
    .bind(i64::from(r.choices.analytics))
    .bind(i64::from(r.choices.marketing))
    .bind(i64::from(r.choices.preferences))
    .bind(i64::from(r.gpc))
    .bind(&r.banner_version)
    .bind(r.source.as_str())
    .bind(secs(r.recorded_at))
    .bind(i64::from(r.choices.google_ads))
    .execute(pool)
    .await
    .map_err(db_error)?;
    Ok(())
}

pub(super) async fn latest_consent(
    pool: &AnyPool,
    subject: &str,
) -> Result<Option<ConsentRecord>, StoreError> {
    let row = sqlx::query(
        "SELECT subject, analytics, marketing, google_ads, preferences, gpc, banner_version, \
         source, recorded_at FROM tracking_consent_log WHERE subject = $1 ORDER BY seq DESC LIMIT 1",
    )
    .bind(subject)
    .fetch_optional(pool)
    .await
    .map_err(db_error)?;
    let Some(row) = row else { return Ok(None) };
    let flag = |name: &str| {
        row.try_get::<i64, _>(name)
            .map(|v| v != 0)
            .map_err(db_error)
    };
    let source: String = row.try_get("source").map_err(db_error)?;
    Ok(Some(ConsentRecord {
        subject: row.try_get("subject").map_err(db_error)?,
        choices: ConsentChoices {
            analytics: flag("analytics")?,
            marketing: flag("marketing")?,
            google_ads: flag("google_ads")?,
            preferences: flag("preferences")?,
        },
        gpc: flag("gpc")?,
        banner_version: row.try_get("banner_version").map_err(db_error)?,
        source: ConsentSource::parse(&source)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown consent source {source:?}")))?,
        recorded_at: from_secs(row.try_get("recorded_at").map_err(db_error)?)?,
    }))
}

pub(super) async fn upsert_attribution(
    pool: &AnyPool,
    session_key: &str,
    snapshot: &AttributionSnapshot,
) -> Result<(), StoreError> {
    let json = serde_json::to_string(snapshot).map_err(|e| StoreError::Backend(Box::new(e)))?;
    sqlx::query(
        "INSERT INTO tracking_attribution (session_key, snapshot, first_seen, last_seen) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (session_key) DO UPDATE SET snapshot = excluded.snapshot, last_seen = excluded.last_seen",
    )
    .bind(session_key)
    .bind(json)
    .bind(secs(snapshot.first_seen))
    .bind(secs(snapshot.last_seen))
    .execute(pool)
    .await
    .map_err(db_error)?;
    Ok(())
}

pub(super) async fn attribution(
    pool: &AnyPool,
    session_key: &str,
) -> Result<Option<AttributionSnapshot>, StoreError> {
    let json: Option<String> =
        sqlx::query_scalar("SELECT snapshot FROM tracking_attribution WHERE session_key = $1")
            .bind(session_key)
            .fetch_optional(pool)
            .await
            .map_err(db_error)?;
    json.map(|j| {
        serde_json::from_str(&j)
            .map_err(|e| StoreError::Corrupt(format!("attribution snapshot: {e}")))
    })
    .transpose()
}
