//! The MIME message for an [`OutgoingMail`]: plain text, with an HTML alternative when given.

use lettre::Message;
use lettre::message::{Mailbox, MultiPart, SinglePart, header::ContentType};
use vitrine_domain::mail::{MailError, OutgoingMail};

pub fn build_message(from: &Mailbox, mail: &OutgoingMail) -> Result<Message, MailError> {
    let to: Mailbox = mail
        .to
        .parse()
        .map_err(|e| MailError(format!("recipient {:?}: {e}", mail.to)))?;
    let builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(mail.subject.clone());
    let built = match &mail.html {
        None => builder
            .header(ContentType::TEXT_PLAIN)
            .body(mail.text.clone()),
        Some(html) => builder.multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::plain(mail.text.clone()))
                .singlepart(SinglePart::html(html.clone())),
        ),
    };
    built.map_err(|e| MailError(e.to_string()))
}
