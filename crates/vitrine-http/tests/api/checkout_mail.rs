//! A mailer that keeps every e-mail it is asked to send (the checkout tests' outbox).

use std::sync::Mutex;

use async_trait::async_trait;
use vitrine_domain::mail::{MailError, Mailer, OutgoingMail};

#[derive(Default)]
pub struct Outbox {
    sent: Mutex<Vec<OutgoingMail>>,
}

impl Outbox {
    pub fn sent(&self) -> Vec<OutgoingMail> {
        self.sent.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

#[async_trait]
impl Mailer for Outbox {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        self.sent
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(mail.clone());
        Ok(())
    }
}
