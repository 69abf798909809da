//! `vitrine serve`: open the database, migrate it (tracking tables included), open the search
//! index kept on disk, start the tracking outbox worker and, with `[shop.rates] source =
//! "ecb"`, the exchange-rate refresher, listen, and build or catch up the search index in the
//! background (ADR 0021); serve until SIGINT/SIGTERM, then drain connections and stop.

use std::sync::Arc;

use anyhow::Context;

use crate::config::{self, DatabaseArgs};
use crate::demo_secret;
use crate::logging;

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on (host:port). Default 127.0.0.1:8080.
    #[arg(long, env = "VITRINE_LISTEN")]
    listen: Option<String>,
    #[command(flatten)]
    db: DatabaseArgs,
}

pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    let settings = config::resolve(&args.db, args.listen.as_deref())?;
    demo_secret::refuse_published_secret(&settings.tracking, settings.listen)?;
    logging::init(settings.log_format.as_deref());
    // The crash proof's switch (scripts/proof): inert unless set; a misspelt point is refused.
    if let Some(point) = vitrine_crash::armed()? {
        tracing::warn!(
            point,
            "{} is set: this process aborts at that point",
            vitrine_crash::ENV
        );
    }
    let clock = vitrine_app::system_clock();
    let rates = rate_refresher(&settings, &clock)?;
    let db = vitrine_store::Database::connect_with(&settings.database_url, settings.sqlite)
        .await
        .with_context(|| format!("cannot open database {}", settings.database_url))?;
    db.migrate().await.context("database migration failed")?;
    let tracking_store: Arc<dyn vitrine_tracking::TrackingStore> = Arc::new(db.tracking());
    let worker = vitrine_tracking::DeliveryWorker::with_http(
        &settings.tracking,
        Arc::clone(&tracking_store),
    )
    .context("cannot build the tracking HTTP client")?;
    let tracking = vitrine_app::tracking::TrackingState::new(settings.tracking, tracking_store)
        .context("invalid [tracking] configuration")?;
    let feed = match &settings.instagram {
        Some(feed) => Some(Arc::new(
            vitrine_instagram::FeedCache::from_settings(feed)
                .context("invalid [shop.instagram] configuration")?,
        ) as Arc<dyn vitrine_domain::ports::SocialFeed>),
        None => None,
    };
    // The card payment provider of `[payments]` (ADR 0014); the offline test provider keeps its
    // state in this database and posts signed webhooks to this process.
    let payments = vitrine_payments::build_provider(
        &settings.payments,
        settings.mode.is_production(),
        Arc::new(db.test_ledger()),
        |name| std::env::var(name).ok(),
        None,
    )
    .context("invalid [payments] configuration")?;
    let ports = vitrine_app::Ports {
        catalogue: Arc::new(db.catalogue(settings.shop.base_currency)),
        // On disk, one directory per instance: a restart opens it and catches up only what
        // changed since its last commit; each instance follows the database.
        search: search_index(&settings.search.index_dir)?,
        carts: Arc::new(db.carts()),
        reviews: Arc::new(db.reviews()),
        accounts: Arc::new(db.accounts()),
        content: Arc::new(db.content()),
        // In the database, so every instance on it shares the counts (ADR 0010).
        brakes: Arc::new(db.brakes()),
        feed,
        tracking: Some(tracking),
        rates: rates.clone(),
        // In the database: a save through the API reaches every instance (issue 12).
        pricing_settings: Arc::new(db.pricing_settings()),
        orders: Arc::new(db.orders()),
        customers: Arc::new(db.customers()),
        payments: Arc::clone(&payments.provider),
        mailer: vitrine_mail::mailer(&settings.mail).context("invalid [mail] configuration")?,
        downloads: Arc::new(vitrine_store::DirectoryDownloads::new(
            &settings.downloads_dir,
        )),
        saved_methods: Arc::new(db.saved_methods()),
        media: Arc::new(db.media()),
        media_files: Arc::new(vitrine_store::DirectoryMedia::new(&settings.media_dir)),
        clock,
    };
    let policies = vitrine_app::Policies {
        taxonomy_ttl: vitrine_app::catalogue::TAXONOMY_TTL,
        product_ttl: vitrine_app::catalogue::PRODUCT_TTL,
        search_wait: settings.search.wait,
        read_cache: settings.read_cache,
        listing_cache: settings.listing_cache,
        pricing: settings.pricing.clone(),
        checkout: settings.checkout.clone(),
        ..settings.shop.policies()
    };
    let shop = vitrine_app::Shop::new(ports, policies);
    // Built or caught up in the background while the server answers: until a new index's
    // first build is published, searches wait for it (`[search] wait_milliseconds`). Logs
    // "search index built" with elapsed_ms when done.
    let _following = shop.search().follow(vitrine_app::search::POLL);
    // Currencies and rules saved through the API override the file's before the first
    // request, then every instance follows the settings version.
    shop.pricing_settings()
        .refresh()
        .await
        .context("cannot read the saved pricing settings")?;
    let _pricing = shop
        .pricing_settings()
        .follow(vitrine_app::pricing::SETTINGS_POLL);
    let state = vitrine_http::AppState::new(shop, settings.shop);
    let checkout = state.shop().checkout().clone();
    let jobs = settings.checkout_jobs;
    let app = match payments.test_provider {
        // Stands where Stripe's servers would: card numbers reach only these routes.
        Some(test) => vitrine_http::router_with_test_provider(state, test),
        None => vitrine_http::router(state),
    };
    let listener = tokio::net::TcpListener::bind(settings.listen)
        .await
        .with_context(|| format!("cannot listen on {}", settings.listen))?;
    tracing::info!(address = %settings.listen, database = %db.backend(), "vitrine is serving");
    let outbox = worker.spawn();
    // Reconciliation, the unpaid-order cancel and the order e-mail outbox (ADR 0014); each
    // pass is safe on several instances at once.
    let checkout_jobs = tokio::spawn(async move {
        let mut tick = tokio::time::interval(jobs.interval);
        loop {
            tick.tick().await;
            checkout.run_jobs(jobs.reconcile_after).await;
        }
    });
    let refreshing = rates.as_ref().map(vitrine_app::rates::RateRefresher::spawn);
    let served = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await
    .context("server error");
    // Deliveries in flight finish; what is left stays in the outbox for the next start.
    outbox.shutdown().await;
    if let Some(task) = refreshing {
        task.abort();
    }
    checkout_jobs.abort();
    served?;
    let waits = db.writer_waits();
    tracing::info!(
        write_transactions = waits.count,
        writer_wait_total_ms = waits.total_us / 1000,
        writer_wait_mean_us = waits.total_us.checked_div(waits.count).unwrap_or(0),
        writer_wait_longest_ms = waits.longest_us / 1000,
        "writer waits"
    );
    db.close().await;
    tracing::info!("vitrine stopped");
    Ok(())
}

/// The exchange-rate refresher when `[shop.rates]` asks for the ECB's rates (ADR 0013); it
/// answers the configured rates until the first success. None for fixed rates, or when the
/// shop has no currency besides its base to refresh.
fn rate_refresher(
    settings: &config::Resolved,
    clock: &vitrine_app::Clock,
) -> anyhow::Result<Option<vitrine_app::rates::RateRefresher>> {
    let Some(rates) = settings
        .rates
        .as_ref()
        .filter(|r| r.source == vitrine_rates::SourceKind::Ecb)
    else {
        return Ok(None);
    };
    let today = clock().date();
    let fallback = settings
        .pricing
        .configured_rates(today)
        .context("[currency]: the configured rates")?;
    if fallback.rates().is_empty() {
        tracing::warn!(
            "[shop.rates] is set but the shop has no currency besides its base: nothing to refresh"
        );
        return Ok(None);
    }
    let source = vitrine_rates::source_from_settings(rates, fallback.clone())
        .context("invalid [shop.rates] configuration")?;
    tracing::info!(
        source = source.name(),
        refresh_minutes = rates.refresh_minutes,
        currencies = fallback.rates().len(),
        "exchange rates will be refreshed"
    );
    let refresher = vitrine_app::rates::RateRefresher::new(
        source,
        fallback,
        rates.refresh_interval(),
        std::sync::Arc::clone(clock),
    );
    Ok(Some(refresher.with_stale_after(rates.stale_after())))
}

/// The index kept in `dir`; when another process holds that directory (several instances
/// started with one configuration) or it cannot be used, this instance keeps its index in
/// memory instead, built at each start, and says so.
fn search_index(
    dir: &std::path::Path,
) -> anyhow::Result<Arc<dyn vitrine_domain::search::SearchIndex>> {
    match vitrine_search::TantivyIndex::open(dir) {
        Ok(index) => Ok(Arc::new(index)),
        Err(e) => {
            tracing::warn!(
                error = %e,
                dir = %dir.display(),
                "the search index directory is not usable (another process's? give each \
                 instance its own [search] index_dir): keeping this instance's index in memory"
            );
            let index = vitrine_search::TantivyIndex::in_memory()
                .context("cannot create the search index")?;
            Ok(Arc::new(index))
        }
    }
}

/// Resolves on Ctrl-C or SIGTERM; in-flight requests then finish before exit.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutdown requested; draining connections");
}
