//! Pricing settings through the API (issue 12 item 1): staff read and replace the currency
//! list and the discount rules; a save is checked like the configuration file (every rule
//! localised into every currency), stored, and then taken by every instance — this one at
//! once, the others at their next poll of the settings version (stateless app servers
//! converge on the database's settings within [`SETTINGS_POLL`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::task::JoinHandle;
use vitrine_domain::account::{Role, User};
use vitrine_domain::pricing::discount::DiscountConfig;
use vitrine_domain::pricing::{
    CurrencyConfig, PricingSettingsStore, SavedPricing, SettingsError, check_currencies,
    check_discounts,
};

use super::{Pricing, PricingConfigError, PricingPolicy};
use crate::error::{AppError, AppResult, Refusal};

/// How often each instance asks whether the saved settings changed (one primary-key read).
pub const SETTINGS_POLL: Duration = Duration::from_secs(2);

/// The settings in force, written out in full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsView {
    /// The settings version (0: the configuration file's).
    pub version: i64,
    pub currencies: CurrencyConfig,
    pub discounts: DiscountConfig,
    /// Which parts were saved through the API (the others are the file's).
    pub currencies_saved: bool,
    pub discounts_saved: bool,
}

/// The pricing settings use cases. Cheap to clone.
#[derive(Clone)]
pub struct PricingSettings {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn PricingSettingsStore>,
    pricing: Pricing,
    /// The configuration file's currencies and rules: what an unsaved part falls back to.
    file: PricingPolicy,
    /// Which parts the settings in force took from the store.
    saved: std::sync::RwLock<(bool, bool)>,
    /// A saved version that could not be applied (logged once, not retried every poll).
    refused: AtomicI64,
}

impl PricingSettings {
    pub fn new(store: Arc<dyn PricingSettingsStore>, pricing: Pricing) -> Self {
        let file = pricing.policy();
        Self {
            inner: Arc::new(Inner {
                store,
                pricing,
                file,
                saved: std::sync::RwLock::new((false, false)),
                refused: AtomicI64::new(0),
            }),
        }
    }

    /// The settings in force (staff only), after catching up with the saved ones: staff see
    /// the latest save whichever instance answers.
    pub async fn current(&self, user: &User) -> AppResult<SettingsView> {
        staff(user)?;
        self.refresh().await?;
        Ok(self.view())
    }

    /// Replaces the currency list (staff only), checked with the rules in force.
    pub async fn replace_currencies(
        &self,
        user: &User,
        config: CurrencyConfig,
    ) -> AppResult<SettingsView> {
        staff(user)?;
        let base = self.inner.file.currencies().base();
        let currencies = check_currencies(&config, base).map_err(AppError::InvalidSetting)?;
        let rules = self.inner.pricing.policy().rules().clone();
        PricingPolicy::new(currencies, rules).map_err(|e| setting_error(&config, e))?;
        let version = self.inner.store.save_currencies(&config).await?;
        tracing::info!(version, user = user.id.0, "currencies saved");
        self.refresh().await?;
        Ok(self.view())
    }

    /// Replaces the discount rules (staff only), checked against the currencies in force.
    pub async fn replace_discounts(
        &self,
        user: &User,
        config: DiscountConfig,
    ) -> AppResult<SettingsView> {
        staff(user)?;
        let base = self.inner.file.currencies().base();
        let rules = check_discounts(&config, base).map_err(AppError::InvalidSetting)?;
        let currencies = self.inner.pricing.policy().currencies().clone();
        let in_force = currencies.to_config();
        PricingPolicy::new(currencies, rules).map_err(|e| setting_error(&in_force, e))?;
        let version = self.inner.store.save_discounts(&config).await?;
        tracing::info!(
            version,
            user = user.id.0,
            rules = config.rules.len(),
            "discount rules saved"
        );
        self.refresh().await?;
        Ok(self.view())
    }

    /// Takes the saved settings when their version moved: one cheap read when it did not.
    /// Answers whether prices changed. Saved settings that no longer check (the file's base
    /// changed, say) are logged and the settings in force kept.
    pub async fn refresh(&self) -> AppResult<bool> {
        let version = self.inner.store.pricing_version().await?;
        let known = self.inner.pricing.version();
        if version == known || version == self.inner.refused.load(Ordering::Relaxed) {
            return Ok(false);
        }
        let saved = self.inner.store.saved_pricing().await?;
        match self.effective(&saved) {
            Ok(policy) => {
                let parts = (saved.currencies.is_some(), saved.discounts.is_some());
                let mut held = self.inner.saved.write().unwrap_or_else(|e| e.into_inner());
                let applied = self.inner.pricing.replace_policy(policy, saved.version);
                if applied {
                    *held = parts;
                    tracing::info!(
                        version = saved.version,
                        "prices follow the saved pricing settings"
                    );
                }
                Ok(applied)
            }
            Err(error) => {
                self.inner.refused.store(saved.version, Ordering::Relaxed);
                tracing::warn!(%error, version = saved.version,
                    "saved pricing settings not applied; prices keep the settings in force");
                Ok(false)
            }
        }
    }

    /// Polls the settings version every `every` on a background task until the handle is
    /// dropped.
    pub fn follow(&self, every: Duration) -> SettingsFollower {
        let settings = self.clone();
        SettingsFollower(tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                if let Err(error) = settings.refresh().await {
                    tracing::warn!(%error, "pricing settings could not be checked");
                }
            }
        }))
    }

    /// The file's settings with the saved parts in their place.
    fn effective(&self, saved: &SavedPricing) -> Result<PricingPolicy, SettingsError> {
        let base = self.inner.file.currencies().base();
        let currencies = match &saved.currencies {
            Some(config) => check_currencies(config, base)?,
            None => self.inner.file.currencies().clone(),
        };
        let rules = match &saved.discounts {
            Some(config) => check_discounts(config, base)?,
            None => self.inner.file.rules().clone(),
        };
        let written = currencies.to_config();
        PricingPolicy::new(currencies, rules).map_err(|e| match setting_error(&written, e) {
            AppError::InvalidSetting(e) => e,
            other => SettingsError::new("settings", other.to_string()),
        })
    }

    fn view(&self) -> SettingsView {
        let policy = self.inner.pricing.policy();
        let (currencies_saved, discounts_saved) =
            *self.inner.saved.read().unwrap_or_else(|e| e.into_inner());
        SettingsView {
            version: self.inner.pricing.version(),
            currencies: policy.currencies().to_config(),
            discounts: policy.rules().to_config(),
            currencies_saved,
            discounts_saved,
        }
    }
}

/// The settings follower's task; dropping it stops the polling.
pub struct SettingsFollower(JoinHandle<()>);

impl Drop for SettingsFollower {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Prices are WooCommerce's `manage_woocommerce`: administrators and shop managers.
fn staff(user: &User) -> AppResult<()> {
    match user.role {
        Role::Administrator | Role::ShopManager => Ok(()),
        _ => Err(AppError::refused(Refusal::Forbidden(
            "Sorry, you are not allowed to manage prices.",
        ))),
    }
}

/// A currency list and rules that check apart but not together, named by the field at fault.
fn setting_error(currencies: &CurrencyConfig, error: PricingConfigError) -> AppError {
    let field = match &error {
        PricingConfigError::FixedOnly(c) => currencies
            .currencies
            .iter()
            .position(|e| e.code.trim().eq_ignore_ascii_case(c.code()))
            .map_or_else(
                || "currencies".to_owned(),
                |i| format!("currencies[{i}].rate"),
            ),
        PricingConfigError::Localise { .. } | PricingConfigError::Rule(_) => "rules".to_owned(),
        PricingConfigError::Currency(_) | PricingConfigError::RatesBase { .. } => {
            "currencies".to_owned()
        }
    };
    AppError::InvalidSetting(SettingsError::new(field, error.to_string()))
}

impl std::fmt::Debug for PricingSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PricingSettings")
            .field("version", &self.inner.pricing.version())
            .finish_non_exhaustive()
    }
}
