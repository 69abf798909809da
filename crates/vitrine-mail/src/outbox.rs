//! The file outbox: lettre's file transport, one `<uuid>.eml` per message.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::{AsyncFileTransport, AsyncTransport, Tokio1Executor};
use vitrine_domain::mail::{MailError, Mailer, OutgoingMail};

use crate::message::build_message;

pub struct OutboxMailer {
    dir: PathBuf,
    from: Mailbox,
    transport: AsyncFileTransport<Tokio1Executor>,
}

impl OutboxMailer {
    pub fn new(dir: &Path, from: Mailbox) -> Self {
        Self {
            dir: dir.to_owned(),
            from,
            transport: AsyncFileTransport::new(dir),
        }
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        // Created on first use, so a fresh checkout of the demo needs no setup step.
        tokio::fs::create_dir_all(&self.dir)
            .await
            .map_err(|e| MailError(format!("outbox {}: {e}", self.dir.display())))?;
        let id = self
            .transport
            .send(message)
            .await
            .map_err(|e| MailError(format!("outbox {}: {e}", self.dir.display())))?;
        tracing::info!(outbox = %self.dir.display(), %id, subject = %mail.subject, "mail written to the outbox");
        Ok(())
    }
}
