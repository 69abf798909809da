//! Mail transports for the [`Mailer`] port (ADR 0014): SMTP, or a file outbox — one `.eml`
//! file per message in a directory (`data/outbox` by default), so a demo shop works offline
//! and its mails can be opened in any mail program.

mod message;
mod outbox;
mod settings;
mod smtp;

use std::sync::Arc;

use vitrine_domain::mail::Mailer;

pub use message::build_message;
pub use outbox::OutboxMailer;
pub use settings::{DEFAULT_OUTBOX_DIR, MailSettings, SmtpSettings, TlsMode, Transport};
pub use smtp::SmtpMailer;

/// A setting that cannot work: named by its key.
#[derive(Debug, thiserror::Error)]
#[error("[mail] {0}")]
pub struct MailConfigError(pub String);

/// The configured transport, checked: addresses parse, SMTP credentials are in the
/// environment variables named.
pub fn mailer(settings: &MailSettings) -> Result<Arc<dyn Mailer>, MailConfigError> {
    let from = settings.from_mailbox()?;
    Ok(match settings.transport {
        Transport::Outbox => Arc::new(OutboxMailer::new(&settings.outbox_dir, from)),
        Transport::Smtp => {
            let smtp = settings.smtp.as_ref().ok_or_else(|| {
                MailConfigError("transport = \"smtp\" needs a [mail.smtp] table".to_owned())
            })?;
            Arc::new(SmtpMailer::new(smtp, from)?)
        }
    })
}
