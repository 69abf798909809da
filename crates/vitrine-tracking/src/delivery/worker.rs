//! The outbox worker: a tokio task that claims due deliveries (with a lease, so several shop
//! instances never double-send), sends them concurrently, and records success or the retry.

use std::sync::Arc;
use std::time::Duration as StdDuration;

use time::{Duration, OffsetDateTime};
use tokio::sync::watch;
use tokio::task::{JoinHandle, JoinSet};

use super::{DeliverySender, HttpSender, SendError};
use crate::outbox::{DeliveryStatus, RetryPolicy};
use crate::ports::{ClaimedDelivery, StoreError, TrackingStore};
use crate::settings::{DeliverySettings, TrackingSettings};

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PassReport {
    pub claimed: u32,
    pub delivered: u32,
    pub retried: u32,
    pub dead: u32,
    /// Settled by someone else after our lease ran out (nothing recorded).
    pub lost: u32,
}

pub struct DeliveryWorker {
    store: Arc<dyn TrackingStore>,
    sender: Arc<dyn DeliverySender>,
    policy: RetryPolicy,
    lease: Duration,
    batch: u32,
    poll: StdDuration,
}

impl DeliveryWorker {
    pub fn new(
        settings: &DeliverySettings,
        store: Arc<dyn TrackingStore>,
        sender: Arc<dyn DeliverySender>,
    ) -> Self {
        Self {
            store,
            sender,
            policy: RetryPolicy::from(settings),
            lease: Duration::seconds(i64::try_from(settings.lease_secs.max(1)).unwrap_or(60)),
            batch: settings.batch_size.max(1),
            poll: StdDuration::from_millis(settings.poll_interval_ms.max(10)),
        }
    }

    /// A worker sending over HTTP with the destinations configured in `settings`.
    pub fn with_http(
        settings: &TrackingSettings,
        store: Arc<dyn TrackingStore>,
    ) -> Result<Self, reqwest::Error> {
        let sender = Arc::new(HttpSender::new(settings)?);
        Ok(Self::new(&settings.delivery, store, sender))
    }

    /// One pass at time `now`: claims what is due and settles each claim (retries are
    /// scheduled from `now`).
    pub async fn deliver_due(&self, now: OffsetDateTime) -> Result<PassReport, StoreError> {
        let claims = self
            .store
            .claim_due(now, now + self.lease, self.batch)
            .await?;
        let mut report = PassReport {
            claimed: u32::try_from(claims.len()).unwrap_or(u32::MAX),
            ..Default::default()
        };
        let mut sends = JoinSet::new();
        for claim in claims {
            let sender = Arc::clone(&self.sender);
            sends.spawn(async move {
                let result = sender.send(claim.destination, &claim.payload).await;
                (claim, result)
            });
        }
        while let Some(joined) = sends.join_next().await {
            let Ok((claim, result)) = joined else {
                // A panicking send leaves its row leased; it is retried after the lease.
                report.lost += 1;
                continue;
            };
            self.settle(&claim, result, now, &mut report).await?;
        }
        Ok(report)
    }

    async fn settle(
        &self,
        claim: &ClaimedDelivery,
        result: Result<(), SendError>,
        now: OffsetDateTime,
        report: &mut PassReport,
    ) -> Result<(), StoreError> {
        let kept = match result {
            Ok(()) => {
                report.delivered += 1;
                self.store.mark_delivered(claim, now).await?
            }
            Err(error) => {
                let permanent = matches!(error, SendError::Permanent(_));
                let update =
                    self.policy
                        .after_failure(claim.attempts, now, permanent, error.to_string());
                tracing::warn!(destination = %claim.destination, event_id = %claim.event_id,
                    attempts = update.attempts, status = update.status.as_str(), error = %error, "server event not delivered");
                match update.status {
                    DeliveryStatus::Dead => report.dead += 1,
                    _ => report.retried += 1,
                }
                self.store.mark_failed(claim, &update).await?
            }
        };
        if !kept {
            report.lost += 1;
        }
        Ok(())
    }

    /// Runs passes until [`WorkerHandle::shutdown`]; a pass in flight is finished first.
    pub fn spawn(self) -> WorkerHandle {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            loop {
                let full = match self.deliver_due(OffsetDateTime::now_utc()).await {
                    Ok(report) => report.claimed >= self.batch,
                    Err(error) => {
                        tracing::error!(%error, "outbox pass failed");
                        false
                    }
                };
                if *stopped.borrow() {
                    break;
                }
                if full {
                    continue; // more may be due right away
                }
                tokio::select! {
                    _ = stopped.changed() => break,
                    () = tokio::time::sleep(self.poll) => {}
                }
            }
            tracing::debug!("outbox worker stopped");
        });
        WorkerHandle { stop, task }
    }
}

/// Stops the worker gracefully.
pub struct WorkerHandle {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl WorkerHandle {
    /// Signals the worker and waits for its current pass to end.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        if let Err(error) = self.task.await {
            tracing::error!(%error, "outbox worker ended abnormally");
        }
    }
}
