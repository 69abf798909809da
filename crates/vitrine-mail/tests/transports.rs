//! Both transports end to end: the outbox writes a message a mail parser reads back; SMTP
//! talks to a small SMTP server on the loopback interface (no network).

use mail_parser::MessageParser;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use vitrine_domain::mail::OutgoingMail;
use vitrine_mail::{MailSettings, SmtpSettings, TlsMode, Transport, mailer};

fn order_mail(html: bool) -> OutgoingMail {
    OutgoingMail {
        to: "Mary Smith <mary@example.com>".into(),
        subject: "Your Vitrine order has been received!".into(),
        text: "Order #1042: Hoodie × 2, $90.00".into(),
        html: html.then(|| "<p>Order <strong>#1042</strong></p>".into()),
    }
}

fn outbox_settings(dir: &std::path::Path) -> MailSettings {
    MailSettings {
        transport: Transport::Outbox,
        from: "Vitrine <shop@example.com>".into(),
        outbox_dir: dir.join("outbox"),
        smtp: None,
    }
}

#[tokio::test]
async fn the_outbox_writes_one_parseable_eml_per_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let settings = outbox_settings(dir.path());
    let mailer = mailer(&settings).expect("outbox");
    mailer.send(&order_mail(true)).await.expect("sent");
    mailer.send(&order_mail(false)).await.expect("sent");
    let mut files: Vec<_> = std::fs::read_dir(&settings.outbox_dir)
        .expect("outbox created")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2);
    assert!(
        files
            .iter()
            .all(|f| f.extension().is_some_and(|e| e == "eml"))
    );
    let parsed: Vec<_> = files
        .iter()
        .map(|f| std::fs::read(f).expect("read"))
        .collect();
    for raw in &parsed {
        let message = MessageParser::default().parse(raw).expect("parseable");
        assert_eq!(
            message.subject(),
            Some("Your Vitrine order has been received!")
        );
        assert_eq!(
            message
                .from()
                .and_then(|a| a.first())
                .and_then(|a| a.address()),
            Some("shop@example.com")
        );
        assert_eq!(
            message
                .to()
                .and_then(|a| a.first())
                .and_then(|a| a.address()),
            Some("mary@example.com")
        );
        let text = message.body_text(0).expect("text body");
        assert!(text.contains("Order #1042: Hoodie × 2, $90.00"), "{text}");
    }
    // One of the two carries an HTML alternative; the plain one has a text part only.
    let with_html: Vec<String> = parsed
        .iter()
        .filter(|raw| String::from_utf8_lossy(raw).contains("text/html"))
        .filter_map(|raw| MessageParser::default().parse(raw))
        .filter_map(|m| m.body_html(0).map(|h| h.into_owned()))
        .collect();
    assert_eq!(with_html.len(), 1);
    assert!(with_html[0].contains("<strong>#1042</strong>"));
}

#[tokio::test]
async fn a_bad_recipient_is_an_error_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let settings = outbox_settings(dir.path());
    let mailer = mailer(&settings).expect("outbox");
    let mail = OutgoingMail {
        to: "not an address".into(),
        ..order_mail(false)
    };
    assert!(mailer.send(&mail).await.is_err());
    assert!(
        !settings.outbox_dir.exists()
            || std::fs::read_dir(&settings.outbox_dir)
                .expect("dir")
                .next()
                .is_none()
    );
}

#[test]
fn settings_errors_name_the_key() {
    let bad_from = MailSettings {
        from: "nobody".into(),
        ..MailSettings::default()
    };
    assert!(
        bad_from
            .validate()
            .expect_err("from")
            .to_string()
            .contains("from")
    );
    let no_table = MailSettings {
        transport: Transport::Smtp,
        ..MailSettings::default()
    };
    assert!(
        no_table
            .validate()
            .expect_err("smtp")
            .to_string()
            .contains("[mail.smtp]")
    );
    let unset = MailSettings {
        transport: Transport::Smtp,
        smtp: Some(SmtpSettings {
            host: "127.0.0.1".into(),
            port: None,
            tls: TlsMode::Starttls,
            username_env: Some("VITRINE_TEST_SMTP_USER_NEVER_SET".into()),
            password_env: Some("VITRINE_TEST_SMTP_PASS_NEVER_SET".into()),
        }),
        ..MailSettings::default()
    };
    let err = unset.validate().expect_err("unset variable").to_string();
    assert!(
        err.contains("smtp.username_env") && err.contains("VITRINE_TEST_SMTP_USER_NEVER_SET"),
        "{err}"
    );
    let toml_settings: MailSettings =
        toml::from_str("transport = \"smtp\"\n[smtp]\nhost = \"mail.example.com\"\ntls = \"tls\"")
            .expect("toml");
    assert_eq!(toml_settings.smtp.expect("smtp").port(), 465);
    assert!(toml::from_str::<MailSettings>("transport = \"pigeon\"").is_err());
}

/// Enough of SMTP (RFC 5321) for one client session; answers what the client sent.
async fn fake_smtp() -> (u16, oneshot::Receiver<Vec<String>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.expect("accept");
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        let mut seen = Vec::new();
        write
            .write_all(b"220 fake.smtp ESMTP\r\n")
            .await
            .expect("greet");
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            if in_data {
                if line == "." {
                    in_data = false;
                    write
                        .write_all(b"250 2.0.0 queued\r\n")
                        .await
                        .expect("queued");
                } else {
                    seen.push(line);
                }
                continue;
            }
            let verb = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            seen.push(line.clone());
            let reply: &[u8] = match verb.as_str() {
                "EHLO" => b"250-fake.smtp\r\n250 8BITMIME\r\n",
                "DATA" => {
                    in_data = true;
                    b"354 go ahead\r\n"
                }
                "QUIT" => {
                    write.write_all(b"221 bye\r\n").await.expect("bye");
                    break;
                }
                _ => b"250 2.1.0 ok\r\n",
            };
            write.write_all(reply).await.expect("reply");
        }
        let _ = tx.send(seen);
    });
    (port, rx)
}

#[tokio::test]
async fn smtp_delivers_the_message_to_the_server() {
    let (port, received) = fake_smtp().await;
    let settings = MailSettings {
        transport: Transport::Smtp,
        from: "Vitrine <shop@example.com>".into(),
        outbox_dir: "unused".into(),
        smtp: Some(SmtpSettings {
            host: "127.0.0.1".into(),
            port: Some(port),
            tls: TlsMode::None,
            username_env: None,
            password_env: None,
        }),
    };
    let mailer = mailer(&settings).expect("smtp");
    mailer.send(&order_mail(false)).await.expect("delivered");
    drop(mailer); // closes the pooled connection, so the server's session ends
    let lines = tokio::time::timeout(std::time::Duration::from_secs(10), received)
        .await
        .expect("session ended")
        .expect("lines");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("MAIL FROM:<shop@example.com>")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("RCPT TO:<mary@example.com>")),
        "{lines:?}"
    );
    let raw = lines.join("\r\n");
    let start = raw
        .find("From:")
        .or_else(|| raw.find("Subject:"))
        .expect("headers");
    let message = MessageParser::default()
        .parse(&raw.as_bytes()[start..])
        .expect("parseable");
    assert_eq!(
        message.subject(),
        Some("Your Vitrine order has been received!")
    );
    assert!(message.body_text(0).expect("text").contains("Hoodie × 2"));
}

#[tokio::test]
async fn smtp_refused_by_the_server_is_an_error() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move {
        let (mut socket, _) = listener.accept().await.expect("accept");
        let _ = socket.write_all(b"554 no service here\r\n").await;
    });
    let smtp = SmtpSettings {
        host: "127.0.0.1".into(),
        port: Some(port),
        tls: TlsMode::None,
        username_env: None,
        password_env: None,
    };
    let settings = MailSettings {
        transport: Transport::Smtp,
        smtp: Some(smtp),
        ..MailSettings::default()
    };
    let err = mailer(&settings)
        .expect("built")
        .send(&order_mail(false))
        .await
        .expect_err("refused");
    assert!(err.to_string().contains("smtp"), "{err}");
}
