//! The shop owner's checkout choices.

use std::time::Duration;

use vitrine_domain::address::Countries;
use vitrine_domain::shipping::ShippingZones;
use vitrine_domain::tax::TaxRates;

#[derive(Debug, Clone)]
pub struct CheckoutPolicy {
    /// Where the shop sells and ships, with each country's address rules.
    pub countries: Countries,
    pub shipping: ShippingZones,
    pub taxes: TaxRates,
    /// The terms page; when set, the terms checkbox is shown and must be ticked.
    pub terms_url: Option<String>,
    /// How long an unpaid order holds its stock before it is cancelled (WooCommerce's
    /// "Hold stock", 60 minutes by default). Orders with a live payment attempt are checked
    /// with the provider first, never cancelled blindly.
    pub hold_unpaid: Duration,
    /// The shop's public address (`https://shop.example`), for return URLs and the links in
    /// e-mails.
    pub public_url: String,
    /// Shown in e-mails ("Your Vitrine order has been received!").
    pub shop_name: String,
}

impl Default for CheckoutPolicy {
    fn default() -> Self {
        Self {
            countries: Countries::all(),
            shipping: ShippingZones::default(),
            taxes: TaxRates::default(),
            terms_url: None,
            hold_unpaid: Duration::from_secs(60 * 60),
            public_url: "http://127.0.0.1:8080".to_owned(),
            shop_name: "Vitrine".to_owned(),
        }
    }
}
