//! The demo's tracking secret is published (config/demo.toml): anyone can sign page tokens and
//! consent ids with it, so `serve` only takes it on a loopback address, where no one else can
//! reach the shop.

use std::net::SocketAddr;

use vitrine_tracking::TrackingSettings;

/// `tracking.secret` as config/demo.toml publishes it (a test keeps the two equal).
pub const DEMO_TRACKING_SECRET: &str = "demo-only-secret-not-for-production-0123456789";

/// Refuses the published demo secret unless `listen` is a loopback address (127.0.0.0/8,
/// `::1`), with a one-line reason.
pub fn refuse_published_secret(
    tracking: &TrackingSettings,
    listen: SocketAddr,
) -> anyhow::Result<()> {
    let published = tracking
        .secret
        .as_ref()
        .is_some_and(|s| s.expose().trim() == DEMO_TRACKING_SECRET);
    if published && !listen.ip().to_canonical().is_loopback() {
        anyhow::bail!(
            "tracking.secret is the demo's published secret, which only serves on a loopback \
             address (127.0.0.1, ::1), not {listen}: set a secret of your own \
             (e.g. `openssl rand -hex 32`) or listen on loopback"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use vitrine_tracking::settings::Secret;

    use super::*;

    fn with_secret(secret: &str) -> TrackingSettings {
        TrackingSettings {
            secret: Some(Secret(secret.into())),
            ..TrackingSettings::default()
        }
    }

    fn addr(text: &str) -> SocketAddr {
        text.parse().expect("socket address")
    }

    #[test]
    fn the_constant_is_the_secret_the_demo_config_publishes() {
        let demo: toml::Table =
            toml::from_str(include_str!("../../../config/demo.toml")).expect("demo config");
        let secret = demo["tracking"]["secret"].as_str();
        assert_eq!(secret, Some(DEMO_TRACKING_SECRET));
    }

    #[test]
    fn the_demo_secret_serves_on_loopback_only() {
        let demo = with_secret(DEMO_TRACKING_SECRET);
        for loopback in [
            "127.0.0.1:8080",
            "127.255.0.9:80",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:8080",
        ] {
            assert!(
                refuse_published_secret(&demo, addr(loopback)).is_ok(),
                "{loopback}"
            );
        }
        for open in [
            "0.0.0.0:8080",
            "[::]:8080",
            "192.168.1.5:8080",
            "128.0.0.1:8080",
        ] {
            let reason = refuse_published_secret(&demo, addr(open))
                .expect_err("refused")
                .to_string();
            assert!(
                reason.contains("published secret") && reason.contains(open),
                "{reason}"
            );
            assert!(!reason.contains('\n'), "one line: {reason}");
        }
        let padded = with_secret(&format!(" {DEMO_TRACKING_SECRET}\n"));
        assert!(refuse_published_secret(&padded, addr("0.0.0.0:8080")).is_err());
    }

    #[test]
    fn any_other_secret_or_none_serves_anywhere() {
        let own = with_secret("a-secret-of-this-shop-only-0123456789abcdef");
        assert!(refuse_published_secret(&own, addr("0.0.0.0:8080")).is_ok());
        let none = TrackingSettings::default();
        assert!(refuse_published_secret(&none, addr("0.0.0.0:8080")).is_ok());
    }
}
