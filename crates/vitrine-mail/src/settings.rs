//! `[mail]` in the config file.

use std::path::PathBuf;

use lettre::message::Mailbox;
use serde::Deserialize;

use crate::MailConfigError;

pub const DEFAULT_OUTBOX_DIR: &str = "data/outbox";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// One `.eml` file per message in `outbox_dir` (the default: nothing leaves the machine).
    #[default]
    Outbox,
    Smtp,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MailSettings {
    pub transport: Transport,
    /// The sender, `"Vitrine <shop@example.com>"` or a bare address.
    pub from: String,
    pub outbox_dir: PathBuf,
    pub smtp: Option<SmtpSettings>,
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            transport: Transport::Outbox,
            from: "Vitrine <shop@localhost>".to_owned(),
            outbox_dir: PathBuf::from(DEFAULT_OUTBOX_DIR),
            smtp: None,
        }
    }
}

impl MailSettings {
    pub fn from_mailbox(&self) -> Result<Mailbox, MailConfigError> {
        self.from.parse().map_err(|e| {
            MailConfigError(format!("from: {:?} is not a mail address ({e})", self.from))
        })
    }

    /// Every setting checked, without building a transport.
    pub fn validate(&self) -> Result<(), MailConfigError> {
        self.from_mailbox()?;
        if self.transport == Transport::Smtp {
            let smtp = self.smtp.as_ref().ok_or_else(|| {
                MailConfigError("transport = \"smtp\" needs a [mail.smtp] table".to_owned())
            })?;
            smtp.credentials()?;
            if smtp.host.trim().is_empty() {
                return Err(MailConfigError("smtp.host: must not be empty".to_owned()));
            }
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TlsMode {
    /// Plain connection upgraded with STARTTLS (port 587); refused when the server cannot.
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: a relay on the same machine only.
    None,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpSettings {
    pub host: String,
    /// Default: 587 for STARTTLS, 465 for TLS, 25 without.
    pub port: Option<u16>,
    #[serde(default)]
    pub tls: TlsMode,
    /// The names of the environment variables holding the login (secrets stay out of the
    /// file); both unset: no authentication.
    pub username_env: Option<String>,
    pub password_env: Option<String>,
}

impl SmtpSettings {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.tls {
            TlsMode::Starttls => 587,
            TlsMode::Tls => 465,
            TlsMode::None => 25,
        })
    }

    /// The login from the environment: none when no variable is named; an error naming a
    /// variable that is named but unset.
    pub fn credentials(&self) -> Result<Option<(String, String)>, MailConfigError> {
        let read = |key: &str, var: &str| {
            std::env::var(var).map_err(|_| {
                MailConfigError(format!("smtp.{key}: environment variable {var} is not set"))
            })
        };
        match (&self.username_env, &self.password_env) {
            (None, None) => Ok(None),
            (Some(user), Some(pass)) => Ok(Some((
                read("username_env", user)?,
                read("password_env", pass)?,
            ))),
            _ => Err(MailConfigError(
                "smtp: username_env and password_env go together".to_owned(),
            )),
        }
    }
}
