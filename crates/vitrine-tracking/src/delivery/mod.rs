//! Delivery to the ad platforms: the sender port, its reqwest implementation and the outbox
//! worker that drains due deliveries with retries.

mod client;
mod worker;

pub use client::HttpSender;
pub use worker::{DeliveryWorker, PassReport, WorkerHandle};

use async_trait::async_trait;
use serde_json::Value;

use crate::outbox::Destination;

/// Why a send failed: retry later, or give up at once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Network trouble, timeouts, 408/429/5xx, TikTok error codes.
    #[error("{0}")]
    Retryable(String),
    /// The platform refused the request itself (4xx), or the destination is switched off.
    #[error("{0}")]
    Permanent(String),
}

/// Sends one stored payload to its destination (credentials are the sender's business).
#[async_trait]
pub trait DeliverySender: Send + Sync + 'static {
    async fn send(&self, destination: Destination, payload: &Value) -> Result<(), SendError>;
}
