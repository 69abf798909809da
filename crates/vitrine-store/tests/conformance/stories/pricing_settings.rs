//! Pricing settings saved through the API (migration 0011): each part replaced whole, read
//! back exactly (decimal rates, rounding rules, money in rules), and a version that moves on
//! every save so other instances notice — also when saves race.

use std::sync::Arc;

use vitrine_domain::money::Currency;
use vitrine_domain::pricing::discount::DiscountConfig;
use vitrine_domain::pricing::{CurrencyConfig, PricingSettingsStore, SavedPricing};
use vitrine_store::Database;

const CURRENCIES: &str = r#"{
 "base": "USD",
 "currencies": [
  {
   "code": "USD"
  },
  {
   "code": "EUR",
   "rate": "0.9215",
   "fixed_prices": true,
   "symbol": "€",
   "position": "right_space",
   "decimal_separator": ",",
   "thousand_separator": ".",
   "rounding": {
    "kind": "charm",
    "ending": "0.99"
   }
  },
  {
   "code": "JPY",
   "rate": "151.3",
   "hidden": true,
   "rounding": {
    "kind": "step",
    "step": "10",
    "mode": "half_up"
   }
  }
 ]
}"#;

const RULES: &str = r#"{
 "stacking": "all",
 "rules": [
  {
   "id": "tshirt-bulk",
   "title": "Bulk discount — ünïcode",
   "filter": {
    "products": [
     47
    ]
   },
   "action": {
    "kind": "bulk",
    "tiers": [
     {
      "min": 3,
      "max": 5,
      "adjustment": {
       "percent": "10"
      }
     },
     {
      "min": 6,
      "adjustment": {
       "amount_off": {
        "amount_minor": 250,
        "currency": "USD"
       }
      }
     }
    ]
   }
  },
  {
   "id": "bogo",
   "title": "Buy 2 get a Beanie",
   "conditions": {
    "roles": [
     "customer"
    ],
    "subtotal_min": {
     "amount_minor": 1000,
     "currency": "USD"
    }
   },
   "action": {
    "kind": "buy_x_get_y",
    "buy": 2,
    "get": 1,
    "reward": "free",
    "get_filter": {
     "products": [
      48,
      49
     ]
    }
   }
  }
 ]
}"#;

pub async fn pricing_settings_are_saved_whole_read_back_exactly_and_versioned(db: Database) {
    let store = db.pricing_settings();
    assert_eq!(store.pricing_version().await.expect("version"), 0);
    assert_eq!(
        store.saved_pricing().await.expect("read"),
        SavedPricing::default()
    );
    let currencies: CurrencyConfig = serde_json::from_str(CURRENCIES).expect("currencies");
    let rules: DiscountConfig = serde_json::from_str(RULES).expect("rules");
    assert_eq!(store.save_currencies(&currencies).await.expect("save"), 1);
    assert_eq!(store.save_discounts(&rules).await.expect("save"), 2);
    let saved = store.saved_pricing().await.expect("read");
    assert_eq!(saved.version, 2);
    assert_eq!(saved.currencies.as_ref(), Some(&currencies));
    assert_eq!(saved.discounts.as_ref(), Some(&rules));
    let eur = &saved.currencies.as_ref().expect("saved").currencies[1];
    assert_eq!(
        eur.rate.map(|r| r.to_string()).as_deref(),
        Some("0.9215"),
        "the rate stays exact"
    );

    // A replacement replaces the whole part and moves the version again.
    let mut fewer = currencies.clone();
    fewer.currencies.truncate(1);
    assert_eq!(store.save_currencies(&fewer).await.expect("save"), 3);
    let saved = store.saved_pricing().await.expect("read");
    assert_eq!(saved.currencies.map(|c| c.currencies.len()), Some(1));
    assert_eq!(saved.discounts, Some(rules));
    assert_eq!(store.pricing_version().await.expect("version"), 3);
    assert_eq!(Currency::USD.code(), fewer.base);
}

pub async fn concurrent_pricing_saves_each_get_their_own_version(db: Database) {
    let store = Arc::new(db.pricing_settings());
    let currencies: CurrencyConfig = serde_json::from_str(CURRENCIES).expect("currencies");
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let (store, currencies) = (Arc::clone(&store), currencies.clone());
        tasks.push(tokio::spawn(async move {
            store.save_currencies(&currencies).await.expect("save")
        }));
    }
    let mut versions = Vec::new();
    for task in tasks {
        versions.push(task.await.expect("task"));
    }
    versions.sort_unstable();
    assert_eq!(versions, (1..=8).collect::<Vec<i64>>());
    assert_eq!(store.pricing_version().await.expect("version"), 8);
}
