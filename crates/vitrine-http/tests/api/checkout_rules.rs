//! The checkout tests' shop rules: the real `CheckoutPolicy` (the domain's address data,
//! shipping zones and tax rates), configured small so the flows' numbers are easy to read:
//! the US (flat rate $5.00, free shipping from $100, 10 % tax in California) and the UK (local
//! pickup, no tax).

use vitrine_app::checkout::CheckoutPolicy;
use vitrine_domain::address::Countries;
use vitrine_domain::money::Currency;
use vitrine_domain::shipping::ShippingConfig;
use vitrine_domain::tax::TaxConfig;

const SHIPPING: &str = r#"
[[zones]]
name = "United States"
regions = ["US"]

[[zones.methods]]
type = "flat_rate"
title = "Flat rate"
cost = "5.00"

[[zones.methods]]
type = "free_shipping"
title = "Free shipping"
min_amount = "100.00"

[[zones]]
name = "United Kingdom"
regions = ["GB"]

[[zones.methods]]
type = "local_pickup"
title = "Local pickup"
"#;

const TAX: &str = r#"
[[rates]]
country = "US"
state = "CA"
percent = "10"
label = "CA State Tax"
"#;

/// The two-country policy every test shop checks out with.
pub fn two_countries() -> CheckoutPolicy {
    let shipping: ShippingConfig = toml::from_str(SHIPPING).expect("shipping table");
    let tax: TaxConfig = toml::from_str(TAX).expect("tax table");
    CheckoutPolicy {
        countries: Countries::only(&["US", "GB"]).expect("known countries"),
        shipping: shipping.build(Currency::USD).expect("valid zones"),
        taxes: tax.build().expect("valid rates"),
        ..CheckoutPolicy::default()
    }
}
