//! The configured rate source, built from `[shop.rates]`.

use std::sync::Arc;

use vitrine_domain::rates::{ExchangeRates, RateSource};

use crate::client::EcbClient;
use crate::fixed::FixedRates;
use crate::settings::{RatesSettings, SettingsError, SourceKind};

/// Validates `settings` and builds their source. `fixed` are the shop's configured rates,
/// which a `fixed` source answers as they are (and which are the refresher's fallback either
/// way).
pub fn source_from_settings(
    settings: &RatesSettings,
    fixed: ExchangeRates,
) -> Result<Arc<dyn RateSource>, SettingsError> {
    settings.validate()?;
    Ok(match settings.source {
        SourceKind::Ecb => Arc::new(EcbClient::new(&settings.url()?, settings.timeout())?),
        SourceKind::Fixed => Arc::new(FixedRates::new(fixed)),
    })
}
