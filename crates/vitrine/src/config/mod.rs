//! Configuration: command-line flag, then environment variable, then config file, then default.

mod caches;
mod checkout;
mod jobs;
mod payments;
mod pricing;
mod search;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;
use vitrine_app::checkout::CheckoutPolicy;
use vitrine_app::pricing::PricingPolicy;

pub use caches::{ListingCacheFile, ReadCacheFile};
pub use checkout::CheckoutTables;
pub use jobs::CheckoutJobs;
pub use payments::{MODE_ENV, Mode};
pub use pricing::PricingTables;
pub use search::{SearchFile, SearchSettings, SqliteFile};

pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/vitrine.db";

/// The config file (`--config FILE`), TOML. Every key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    pub listen: Option<String>,
    pub database_url: Option<String>,
    /// Log format: "pretty" (default on a terminal) or "json".
    pub log_format: Option<String>,
    /// "production" or "development" (default); `VITRINE_MODE` overrides it.
    pub mode: Option<Mode>,
    /// Where uploaded media's files are kept (ADR 0016); by default `media` beside a SQLite
    /// database file, otherwise `data/media`.
    pub media_dir: Option<PathBuf>,
    #[serde(default)]
    pub shop: vitrine_http::ShopSettings,
    /// `[payments]`: the card payment provider (ADR 0014).
    #[serde(default)]
    pub payments: vitrine_payments::PaymentsConfig,
    /// Consent banner, pixels, server-side events and attribution (ADR 0007).
    #[serde(default)]
    pub tracking: vitrine_tracking::TrackingSettings,
    /// `[read_cache]`: rendered catalogue reads kept per catalogue version (ADR 0018).
    #[serde(default)]
    pub read_cache: ReadCacheFile,
    /// `[listing_cache]`: listings' ids and filter counts kept per catalogue version (ADR 0020).
    #[serde(default)]
    pub listing_cache: ListingCacheFile,
    /// `[search]`: where the search index is kept, how long a search waits for it (ADR 0021).
    #[serde(default)]
    pub search: SearchFile,
    /// `[sqlite]`: each connection's memory map and page cache (ADR 0021).
    #[serde(default)]
    pub sqlite: SqliteFile,
    /// Whether the file set `shop.public_url` (otherwise it follows the listen address).
    #[serde(skip)]
    pub has_public_url: bool,
    /// `[shop.instagram]`: the feed adapter's settings (read apart from the web settings).
    #[serde(skip)]
    pub instagram: Option<vitrine_instagram::InstagramSettings>,
    /// `[currency]`, `[discounts]` and `[shop.rates]` (read apart, checked in [`resolve`]).
    #[serde(skip)]
    pub pricing: PricingTables,
    /// `[checkout]` and `[mail]` (read apart, checked in [`resolve`]).
    #[serde(skip)]
    pub checkout: CheckoutTables,
}

impl FileConfig {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read config file {}", path.display()))?;
        let invalid = || format!("invalid config file {}", path.display());
        let mut raw: toml::Table = toml::from_str(&text).with_context(invalid)?;
        let pricing = PricingTables::take(&mut raw).with_context(invalid)?;
        let checkout = CheckoutTables::take(&mut raw).with_context(invalid)?;
        let shop = raw.get_mut("shop").and_then(toml::Value::as_table_mut);
        let has_public_url = shop.as_ref().is_some_and(|s| s.contains_key("public_url"));
        let instagram = shop
            .and_then(|s| s.remove("instagram"))
            .map(|v| v.try_into::<vitrine_instagram::InstagramSettings>())
            .transpose()
            .with_context(|| format!("{}: [shop.instagram]", invalid()))?;
        let mut config: FileConfig = toml::Value::Table(raw).try_into().with_context(invalid)?;
        config.has_public_url = has_public_url;
        config.shop.instagram = instagram.as_ref().map(|s| vitrine_http::FeedBlock {
            title: s.title.clone(),
            profile_url: s.profile_url.clone(),
            limit: s.limit,
        });
        config.instagram = instagram;
        config.pricing = pricing;
        config.checkout = checkout;
        Ok(config)
    }
}

/// Flags shared by every command that touches the database.
#[derive(Debug, Clone, clap::Args)]
pub struct DatabaseArgs {
    /// Database URL: sqlite://path (created if missing) or postgres://…
    #[arg(long, env = "VITRINE_DATABASE_URL")]
    pub database_url: Option<String>,
    /// TOML configuration file.
    #[arg(long, env = "VITRINE_CONFIG")]
    pub config: Option<PathBuf>,
}

/// The settings after precedence is applied.
#[derive(Debug)]
pub struct Resolved {
    pub listen: SocketAddr,
    pub database_url: String,
    pub log_format: Option<String>,
    pub mode: Mode,
    pub shop: vitrine_http::ShopSettings,
    pub tracking: vitrine_tracking::TrackingSettings,
    /// `[payments]`, checked against the mode (secrets are read when the provider is built);
    /// the test provider's webhook URL defaults to this shop's webhook route.
    pub payments: vitrine_payments::PaymentsConfig,
    pub instagram: Option<vitrine_instagram::InstagramSettings>,
    /// The checked currencies and discount rules.
    pub pricing: PricingPolicy,
    /// `[shop.rates]`, checked: where exchange rates are refreshed from, if anywhere.
    pub rates: Option<vitrine_rates::RatesSettings>,
    /// Countries, shipping, tax, terms and the unpaid-order hold, checked.
    pub checkout: CheckoutPolicy,
    /// `[checkout] downloads_dir`: the files downloadable products deliver.
    pub downloads_dir: PathBuf,
    /// `media_dir`: uploaded media's files (ADR 0016).
    pub media_dir: PathBuf,
    /// `[checkout] job_interval_seconds` and `reconcile_after_seconds`, checked.
    pub checkout_jobs: CheckoutJobs,
    /// `[mail]`, checked: the transport for order e-mails (`vitrine_mail::mailer`).
    pub mail: vitrine_mail::MailSettings,
    /// `[read_cache]`, checked.
    pub read_cache: vitrine_app::read_cache::ReadCachePolicy,
    /// `[listing_cache]`, checked.
    pub listing_cache: vitrine_app::catalogue::ListingCachePolicy,
    /// `[search]`, checked.
    pub search: SearchSettings,
    /// `[sqlite]`, checked.
    pub sqlite: vitrine_store::SqliteTuning,
}

/// Clap already merged flag over environment; the file and defaults come after.
pub fn resolve(db: &DatabaseArgs, listen_flag: Option<&str>) -> anyhow::Result<Resolved> {
    let file = match &db.config {
        Some(path) => FileConfig::load(path)?,
        None => FileConfig::default(),
    };
    let invalid = || match &db.config {
        Some(path) => format!("invalid config file {}", path.display()),
        None => "invalid default configuration".to_owned(),
    };
    let listen_text = listen_flag
        .map(str::to_owned)
        .or(file.listen)
        .unwrap_or_else(|| DEFAULT_LISTEN.to_owned());
    let listen = listen_text
        .parse()
        .with_context(|| format!("invalid listen address {listen_text:?} (expected host:port)"))?;
    let database_url = db
        .database_url
        .clone()
        .or(file.database_url)
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
    let mut shop = file.shop;
    if !file.has_public_url {
        shop.public_url = format!("http://{listen}");
    }
    if shop.trusted_proxy_hops == 0 {
        // `[tracking] trusted_proxy_hops` came first; it now sets the shop's value.
        shop.trusted_proxy_hops = file.tracking.trusted_proxy_hops;
    }
    let pricing = file.pricing.check(&shop).with_context(invalid)?;
    shop.currency_switcher = file.pricing.switcher;
    let checkout = file.checkout.check(&shop).with_context(invalid)?;
    let checkout_jobs = CheckoutJobs::from_file(&file.checkout.checkout).with_context(invalid)?;
    let read_cache = file.read_cache.check().with_context(invalid)?;
    let listing_cache = file.listing_cache.check().with_context(invalid)?;
    let search = file
        .search
        .check(search::beside_database(&database_url, "search-index"))
        .with_context(invalid)?;
    let sqlite = file.sqlite.check().with_context(invalid)?;
    let mode = Mode::resolve(std::env::var(MODE_ENV).ok().as_deref(), file.mode)?;
    payments::check(&file.payments, mode).with_context(invalid)?;
    let mut payments_config = file.payments;
    payments_config
        .test
        .webhook_url
        .get_or_insert_with(|| payments::default_webhook_url(listen));
    let media_dir = file
        .media_dir
        .clone()
        .unwrap_or_else(|| default_media_dir(&database_url));
    Ok(Resolved {
        listen,
        media_dir,
        database_url,
        log_format: file.log_format,
        mode,
        shop,
        tracking: file.tracking,
        payments: payments_config,
        instagram: file.instagram,
        pricing,
        rates: file.pricing.rates,
        downloads_dir: file
            .checkout
            .checkout
            .downloads_dir
            .clone()
            .unwrap_or_else(|| checkout::DEFAULT_DOWNLOADS_DIR.into()),
        checkout_jobs,
        checkout,
        mail: file.checkout.mail,
        read_cache,
        listing_cache,
        search,
        sqlite,
    })
}

/// `media` beside a SQLite database file, so every shop's uploads stay with its data;
/// `data/media` for PostgreSQL or an in-memory database.
fn default_media_dir(database_url: &str) -> PathBuf {
    search::beside_database(database_url, "media")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn config_file(text: &str) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().expect("temp file");
        f.write_all(text.as_bytes()).expect("write");
        f
    }

    #[test]
    fn media_sits_beside_a_sqlite_file_and_in_data_otherwise() {
        assert_eq!(
            default_media_dir("sqlite:///tmp/shop/shop.db?mode=rwc"),
            PathBuf::from("/tmp/shop/media")
        );
        assert_eq!(
            default_media_dir("sqlite:data/vitrine.db"),
            PathBuf::from("data/media")
        );
        assert_eq!(
            default_media_dir("sqlite::memory:"),
            PathBuf::from("data/media")
        );
        assert_eq!(
            default_media_dir("postgres://db/shop"),
            PathBuf::from("data/media")
        );
    }

    #[test]
    fn defaults_apply_without_flags_or_file() {
        let db = DatabaseArgs {
            database_url: None,
            config: None,
        };
        let r = resolve(&db, None).expect("resolves");
        assert_eq!(r.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(r.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(r.shop.public_url, "http://127.0.0.1:8080");
    }

    #[test]
    fn public_url_follows_the_listen_address_unless_configured() {
        let db = DatabaseArgs {
            database_url: None,
            config: None,
        };
        let r = resolve(&db, Some("127.0.0.1:9200")).expect("resolves");
        assert_eq!(r.shop.public_url, "http://127.0.0.1:9200");
        let f = config_file("[shop]\npublic_url = \"https://shop.example\"\n");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        let r = resolve(&db, Some("127.0.0.1:9200")).expect("resolves");
        assert_eq!(r.shop.public_url, "https://shop.example");
    }

    #[test]
    fn the_file_overrides_defaults_and_flags_override_the_file() {
        let f = config_file("listen = \"127.0.0.1:9000\"\ndatabase_url = \"sqlite://x.db\"\n");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        let r = resolve(&db, None).expect("resolves");
        assert_eq!(r.listen.to_string(), "127.0.0.1:9000");
        assert_eq!(r.database_url, "sqlite://x.db");
        let db = DatabaseArgs {
            database_url: Some("sqlite://y.db".into()),
            ..db
        };
        let r = resolve(&db, Some("127.0.0.1:9100")).expect("resolves");
        assert_eq!(r.listen.to_string(), "127.0.0.1:9100");
        assert_eq!(r.database_url, "sqlite://y.db");
    }

    #[test]
    fn the_tracking_table_is_read_and_checked() {
        let f = config_file(
            "[tracking]\nsecret = \"0123456789abcdef0123456789abcdef\"\n\
             [tracking.consent]\nbanner = true\n\
             [tracking.browser.meta]\npixel_ids = [\"1\"]\n",
        );
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        let r = resolve(&db, None).expect("resolves");
        assert!(r.tracking.consent.banner);
        assert_eq!(
            r.tracking.browser.meta.map(|m| m.pixel_ids),
            Some(vec!["1".to_owned()])
        );
        let f = config_file("[tracking.browser]\npixel = 1\n");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        let err = resolve(&db, None).expect_err("typo rejected");
        assert!(format!("{err:#}").contains("pixel"), "{err:#}");
    }

    #[test]
    fn the_demo_config_is_valid() {
        let path =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/demo.toml");
        let config = FileConfig::load(&path).expect("config/demo.toml parses");
        let tracking = config.tracking;
        assert!(tracking.consent.banner);
        assert!(
            tracking
                .secret
                .as_ref()
                .is_some_and(|s| s.expose().len() >= 32)
        );
        assert!(tracking.browser_server_events());
        assert!(
            !tracking.server_events_enabled(),
            "the demo sends nothing to ad platforms"
        );
        let providers = tracking.browser.providers();
        assert!(
            providers.meta.is_some() && providers.ga4.is_some() && providers.google_ads.is_some()
        );
        assert!(
            providers.tiktok.is_some() && providers.pinterest.is_some() && providers.bing.is_some()
        );
    }

    #[test]
    fn the_demo_config_offers_three_currencies_and_the_t_shirt_bulk_rule() {
        let path =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/demo.toml");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(path),
        };
        let r = resolve(&db, None).expect("config/demo.toml resolves");
        let currencies = r.pricing.currencies();
        let offered: Vec<_> = currencies
            .all()
            .iter()
            .map(|s| s.currency().code())
            .collect();
        assert_eq!(offered, ["USD", "EUR", "GBP"]);
        let eur = currencies
            .get(vitrine_domain::money::Currency::EUR)
            .expect("EUR");
        assert_eq!(eur.rate().map(|r| r.to_string()).as_deref(), Some("0.92"));
        let rules = r.pricing.rules().rules();
        assert_eq!(
            rules.len(),
            2,
            "the T-shirt bulk rule and the tee gift (BOGO)"
        );
        assert_eq!(
            rules[0].filter.products,
            [vitrine_domain::catalogue::ProductId(47)]
        );
        assert_eq!(r.shop.currency_switcher.custom_format, "{symbol} {code}");
        assert!(r.rates.is_none(), "the demo fetches nothing");
    }

    #[test]
    fn the_demo_config_ships_and_taxes_like_a_small_us_shop() {
        use vitrine_domain::money::{Currency, Money};
        use vitrine_domain::shipping::Destination;
        let path =
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config/demo.toml");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(path),
        };
        let r = resolve(&db, None).expect("config/demo.toml resolves");
        let checkout = &r.checkout;
        assert!(checkout.countries.contains("NZ"), "sells everywhere");
        assert_eq!(checkout.terms_url, None, "the demo has no terms page");
        let to = |country: &str, state: &str| Destination {
            country: country.into(),
            state: state.into(),
            postcode: String::new(),
        };
        let ids = |country: &str, cents: i64| -> Vec<String> {
            checkout
                .shipping
                .rates(&to(country, ""), Money::new(cents, Currency::USD))
                .into_iter()
                .map(|rate| rate.id)
                .collect()
        };
        assert_eq!(ids("US", 9_999), ["flat_rate:1", "local_pickup:3"]);
        assert_eq!(
            ids("US", 10_000),
            ["flat_rate:1", "free_shipping:2", "local_pickup:3"]
        );
        assert_eq!(ids("GB", 100), ["flat_rate:4"]);
        assert_eq!(ids("FR", 100), ["flat_rate:5"]);
        assert_eq!(ids("JP", 100), ["flat_rate:6"]);
        let tax = checkout
            .taxes
            .compute(
                &to("US", "CA"),
                &[Money::new(10_000, Currency::USD)],
                Money::new(500, Currency::USD),
            )
            .expect("tax");
        assert_eq!(tax.total, Money::new(725 + 36, Currency::USD));
        assert!(!checkout.taxes.prices_include_tax());
        assert_eq!(r.mail.transport, vitrine_mail::Transport::Outbox);
        assert_eq!(r.mail.outbox_dir, std::path::PathBuf::from("data/outbox"));
    }

    fn resolve_text(text: &str) -> anyhow::Result<Resolved> {
        let f = config_file(text);
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        resolve(&db, None)
    }

    const TWO_CURRENCIES: &str = "[currency]\nbase = \"USD\"\n\
        [[currency.currencies]]\ncode = \"USD\"\n\
        [[currency.currencies]]\ncode = \"EUR\"\nrate = \"0.92\"\n";

    /// The error's one line, as `vitrine` prints it.
    fn refusal(text: &str) -> String {
        let err = resolve_text(text).expect_err("refused");
        let line = format!("{err:#}");
        assert!(!line.contains('\n'), "one line: {line}");
        line
    }

    #[test]
    fn pricing_tables_are_checked_at_start_with_a_one_line_reason() {
        let base = refusal(&format!(
            "[shop]\nbase_currency = \"EUR\"\n{TWO_CURRENCIES}"
        ));
        assert!(
            base.contains("[currency] base is \"USD\" but [shop] base_currency is EUR"),
            "{base}"
        );
        let rule = refusal(&format!(
            "{TWO_CURRENCIES}[[discounts.rules]]\nid = \"x\"\ntitle = \"X\"\n\
             action = {{ kind = \"product\", adjustment = {{ percent = \"120\" }} }}\n"
        ));
        assert!(rule.contains("[discounts]: discount rule \"x\""), "{rule}");
        let unknown = refusal("[currency]\nbase = \"USD\"\ncurrencies = []\nrates = 1\n");
        assert!(
            unknown.contains("[currency]") && unknown.contains("rates"),
            "{unknown}"
        );
        let missing = refusal(
            "[currency]\nbase = \"USD\"\n[[currency.currencies]]\ncode = \"EUR\"\nrate = \"0.9\"\n",
        );
        assert!(
            missing.contains("base currency USD is not in the list"),
            "{missing}"
        );
        let token = refusal(&format!(
            "{TWO_CURRENCIES}[currency.switcher]\ncustom_format = \"{{flag}}\"\n"
        ));
        assert!(token.contains("custom_format"), "{token}");
        let both = refusal(&format!(
            "[shop.price_format]\nsymbol = \"$\"\nposition = \"left\"\n\
            thousand_separator = \",\"\ndecimal_separator = \".\"\ndecimals = 2\n{TWO_CURRENCIES}"
        ));
        assert!(both.contains("price_format and [currency]"), "{both}");
        let rates = refusal(&format!(
            "[shop.rates]\nsource = \"ecb\"\nrefresh_minutes = 0\n{TWO_CURRENCIES}"
        ));
        assert!(rates.contains("refresh_minutes"), "{rates}");
    }

    #[test]
    fn without_a_currency_table_the_shop_prices_in_its_base_with_its_format() {
        let r = resolve_text("[shop]\nbase_currency = \"EUR\"\n").expect("resolves");
        let currencies = r.pricing.currencies();
        assert_eq!(currencies.all().len(), 1);
        assert_eq!(currencies.base(), vitrine_domain::money::Currency::EUR);
        let r = resolve_text(&format!(
            "[shop.rates]\nsource = \"fixed\"\n{TWO_CURRENCIES}"
        ))
        .expect("resolves");
        assert_eq!(
            r.rates.map(|s| s.source),
            Some(vitrine_rates::SourceKind::Fixed)
        );
    }

    #[test]
    fn unknown_keys_and_bad_addresses_are_clear_errors() {
        let f = config_file("lisen = \"x\"\n");
        let db = DatabaseArgs {
            database_url: None,
            config: Some(f.path().into()),
        };
        let err = resolve(&db, None).expect_err("typo rejected");
        assert!(format!("{err:#}").contains("lisen"), "{err:#}");
        let db = DatabaseArgs {
            database_url: None,
            config: None,
        };
        let err = resolve(&db, Some("nope")).expect_err("bad address rejected");
        assert!(err.to_string().contains("invalid listen address"));
    }
}
