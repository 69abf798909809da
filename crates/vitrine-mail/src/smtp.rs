//! SMTP through lettre (rustls for TLS; a pooled connection).

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use vitrine_domain::mail::{MailError, Mailer, OutgoingMail};

use crate::message::build_message;
use crate::{MailConfigError, SmtpSettings, TlsMode};

pub struct SmtpMailer {
    from: Mailbox,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl SmtpMailer {
    pub fn new(settings: &SmtpSettings, from: Mailbox) -> Result<Self, MailConfigError> {
        let host = settings.host.trim();
        let invalid = |e: lettre::transport::smtp::Error| {
            MailConfigError(format!("smtp.host: {host:?}: {e}"))
        };
        let mut builder = match settings.tls {
            TlsMode::Starttls => {
                AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host).map_err(invalid)?
            }
            TlsMode::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host).map_err(invalid)?,
            TlsMode::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        }
        .port(settings.port());
        if let Some((user, password)) = settings.credentials()? {
            builder = builder.credentials(Credentials::new(user, password));
        }
        Ok(Self {
            from,
            transport: builder.build(),
        })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(&self.from, mail)?;
        self.transport
            .send(message)
            .await
            .map_err(|e| MailError(format!("smtp: {e}")))?;
        Ok(())
    }
}
