//! `mode` and `[payments]` (ADR 0014). The mode says whether this is a real shop: in
//! production the offline test provider — which takes card numbers — is refused, so a shop
//! can never go live taking fake payments. `VITRINE_MODE` overrides the file.

use anyhow::bail;
use serde::Deserialize;
use vitrine_payments::{PaymentsConfig, ProviderChoice};

/// The environment variable that overrides the file's `mode`.
pub const MODE_ENV: &str = "VITRINE_MODE";

/// The route the test provider posts its webhooks to when `[payments.test] webhook_url` is
/// not set: the shop's own webhook endpoint.
pub const WEBHOOK_PATH: &str = "/api/v1/payments/webhook";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    Development,
    Production,
}

impl Mode {
    pub fn is_production(self) -> bool {
        self == Self::Production
    }

    /// `VITRINE_MODE` (if set), else the file's `mode`, else development.
    pub fn resolve(env: Option<&str>, file: Option<Mode>) -> anyhow::Result<Self> {
        match env.map(str::trim).filter(|v| !v.is_empty()) {
            Some("production") => Ok(Self::Production),
            Some("development") => Ok(Self::Development),
            Some(other) => {
                bail!("{MODE_ENV}={other:?} is not a mode (use production or development)")
            }
            None => Ok(file.unwrap_or_default()),
        }
    }
}

/// The checks that need no secret (those are read at start by `build_provider`): the test
/// provider is refused in production.
pub fn check(payments: &PaymentsConfig, mode: Mode) -> anyhow::Result<()> {
    if mode.is_production() && payments.provider == ProviderChoice::Test {
        bail!(
            "[payments] provider = \"test\" takes fake cards and is refused in production mode \
             (mode = \"production\" or {MODE_ENV}=production); configure provider = \"stripe\""
        );
    }
    Ok(())
}

/// Where the test provider sends its webhooks by default: this very process, at the address
/// it listens on (an unspecified address is reached on loopback). Not the public URL: a shop
/// behind a proxy, or started on another port than its file says (the browser tests), must
/// still hear from its own test provider.
pub fn default_webhook_url(listen: std::net::SocketAddr) -> String {
    let ip = match listen.ip() {
        std::net::IpAddr::V4(ip) if ip.is_unspecified() => std::net::Ipv4Addr::LOCALHOST.into(),
        std::net::IpAddr::V6(ip) if ip.is_unspecified() => std::net::Ipv6Addr::LOCALHOST.into(),
        ip => ip,
    };
    format!(
        "http://{}{WEBHOOK_PATH}",
        std::net::SocketAddr::new(ip, listen.port())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webhooks_go_to_the_listening_process_on_loopback_when_it_listens_everywhere() {
        let at = |text: &str| default_webhook_url(text.parse().expect("address"));
        assert_eq!(
            at("127.0.0.1:8182"),
            "http://127.0.0.1:8182/api/v1/payments/webhook"
        );
        assert_eq!(
            at("0.0.0.0:8080"),
            "http://127.0.0.1:8080/api/v1/payments/webhook"
        );
        assert_eq!(at("[::]:8080"), "http://[::1]:8080/api/v1/payments/webhook");
    }

    #[test]
    fn the_mode_comes_from_the_environment_then_the_file_then_development() {
        assert_eq!(Mode::resolve(None, None).expect("mode"), Mode::Development);
        assert_eq!(
            Mode::resolve(None, Some(Mode::Production)).expect("mode"),
            Mode::Production
        );
        assert_eq!(
            Mode::resolve(Some("development"), Some(Mode::Production)).expect("mode"),
            Mode::Development
        );
        assert_eq!(
            Mode::resolve(Some("production"), None).expect("mode"),
            Mode::Production
        );
        assert_eq!(
            Mode::resolve(Some(" "), None).expect("mode"),
            Mode::Development
        );
        assert!(Mode::resolve(Some("prod"), None).is_err());
    }

    #[test]
    fn the_test_provider_is_refused_in_production_only() {
        let test = PaymentsConfig::default();
        assert!(check(&test, Mode::Development).is_ok());
        let refused = check(&test, Mode::Production).expect_err("refused");
        assert!(refused.to_string().contains("refused in production"));
        let stripe = PaymentsConfig {
            provider: ProviderChoice::Stripe,
            ..PaymentsConfig::default()
        };
        assert!(check(&stripe, Mode::Production).is_ok());
    }

    #[test]
    fn a_payments_section_reads_from_toml() {
        #[derive(Deserialize)]
        struct File {
            payments: PaymentsConfig,
        }
        let file: File = toml::from_str(
            "[payments]\nprovider = \"stripe\"\nwebhook_tolerance_secs = 600\n\
             [payments.stripe]\npublishable_key = \"pk_test_1\"\n\
             api_base = \"http://127.0.0.1:12111\"\n",
        )
        .expect("config");
        assert_eq!(file.payments.provider, ProviderChoice::Stripe);
        assert_eq!(file.payments.webhook_tolerance_secs, 600);
        assert_eq!(file.payments.stripe.secret_key_env, "STRIPE_SECRET_KEY");
        assert_eq!(
            file.payments.stripe.webhook_secret_env,
            "STRIPE_WEBHOOK_SECRET"
        );
        assert_eq!(file.payments.stripe.api_version, "2024-06-20");
        assert!(toml::from_str::<File>("[payments]\nprovider = \"paypal\"\n").is_err());
    }
}
