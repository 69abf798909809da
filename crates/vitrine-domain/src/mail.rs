//! Mail the shop sends (order confirmations, password resets) and the port that sends it.

use async_trait::async_trait;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("mail not sent: {0}")]
pub struct MailError(pub String);

/// A mail transport: SMTP, or a file outbox (the default, so an offline demo works).
#[async_trait]
pub trait Mailer: Send + Sync + 'static {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError>;
}
