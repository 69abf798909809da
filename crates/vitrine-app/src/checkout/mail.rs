//! The order confirmation e-mail: written when the order is paid (queued in the same
//! transaction, so exactly one per order), sent by the shop's one sender task (woken after each
//! payment) and the jobs' pass through the `Mailer`.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use vitrine_domain::mail::OutgoingMail;
use vitrine_domain::money::{Money, PriceFormat};
use vitrine_domain::order::{DownloadGrant, Order};

use super::Checkout;
use super::answer::received_path;
use crate::error::AppResult;

/// How long a worker holds a claimed e-mail before another may try it.
const CLAIM: Duration = Duration::from_secs(120);
/// E-mails sent per worker pass.
const BATCH: u32 = 20;

/// The confirmation of `order` with its download links.
pub(super) fn confirmation(
    checkout: &Checkout,
    order: &Order,
    downloads: &[DownloadGrant],
) -> OutgoingMail {
    let shop = &checkout.inner.policy.shop_name;
    let format = PriceFormat::for_currency(order.order.currency);
    let money = |m: Money| format.format(m);
    let o = &order.order;
    let mut text = String::new();
    let _ = writeln!(text, "Hi {},\n", o.billing.first_name);
    let _ = writeln!(
        text,
        "Just to let you know — we've received your order #{}, and it is now being processed.\n",
        order.id
    );
    for line in &o.lines {
        let _ = writeln!(
            text,
            "{} × {}  {}",
            line.name,
            line.quantity,
            money(line.total)
        );
    }
    let _ = writeln!(text, "\nSubtotal: {}", money(o.totals.subtotal));
    if o.totals.discount_total.is_positive() {
        let _ = writeln!(text, "Discount: -{}", money(o.totals.discount_total));
    }
    if let Some(shipping) = &o.shipping {
        let _ = writeln!(
            text,
            "Shipping: {} ({})",
            money(shipping.total),
            shipping.label
        );
    }
    if o.totals.tax_total.is_positive() {
        let _ = writeln!(text, "Tax: {}", money(o.totals.tax_total));
    }
    let _ = writeln!(text, "Total: {}", money(o.totals.total));
    if !downloads.is_empty() {
        let _ = writeln!(text, "\nDownloads:");
        for grant in downloads {
            let _ = writeln!(
                text,
                "{} – {}: {}",
                grant.product_name,
                grant.name,
                checkout.absolute(&format!("/api/v1/downloads/{}", grant.token))
            );
        }
    }
    let _ = writeln!(
        text,
        "\nView your order: {}\n\nThanks for shopping with us.\n{shop}",
        checkout.absolute(&received_path(order))
    );
    OutgoingMail {
        to: o.billing.email.clone(),
        subject: format!("Your {shop} order #{} has been received!", order.id),
        text,
        html: None,
    }
}

impl Checkout {
    /// Sends queued e-mails: each is claimed first (one conditional update), so two workers
    /// never send the same one; a failure leaves it queued for the next pass. How many went.
    pub async fn send_mail(&self) -> AppResult<usize> {
        Ok(self.mail_pass().await?.1)
    }

    /// One pass: how many queued e-mails it claimed (in one statement), and how many of them
    /// it sent.
    async fn mail_pass(&self) -> AppResult<(usize, usize)> {
        let now = self.now();
        let queued = self
            .store()
            .claim_pending_mail(BATCH, now, now + CLAIM)
            .await?;
        let mut sent = 0;
        for queued in &queued {
            match self.inner.mailer.send(&queued.mail).await {
                Ok(()) => {
                    self.store().mail_sent(queued.id, self.now()).await?;
                    sent += 1;
                }
                Err(error) => {
                    tracing::warn!(order = %queued.order_id, %error, "order e-mail not sent");
                }
            }
        }
        Ok((queued.len(), sent))
    }

    /// Asks this shop's one e-mail sender to run (started on first use): a burst of paid
    /// orders is one pass or a few, not a pass per order racing the others for the same
    /// claims. The jobs' pass (`run_jobs`) still sends whatever a stopped sender left.
    pub(super) fn wake_mail(&self) {
        self.mail.wake.notify_one();
        if self.mail.running.swap(true, Ordering::AcqRel) {
            return;
        }
        let parts = Arc::downgrade(&self.inner);
        let mail = Arc::clone(&self.mail);
        tokio::spawn(async move {
            loop {
                mail.wake.notified().await;
                let Some(inner) = parts.upgrade() else {
                    return;
                };
                let checkout = Checkout {
                    inner,
                    mail: Arc::clone(&mail),
                };
                loop {
                    match checkout.mail_pass().await {
                        // A full batch: more may wait behind it.
                        Ok((read, sent)) if read == BATCH as usize && sent > 0 => {}
                        Ok(_) => break,
                        Err(error) => {
                            tracing::warn!(%error, "order e-mail not sent yet; the outbox keeps it");
                            break;
                        }
                    }
                }
            }
        });
    }
}

/// The shop's e-mail sender: woken after each payment, one pass at a time.
#[derive(Debug, Default)]
pub(super) struct MailSender {
    wake: Notify,
    running: AtomicBool,
}
