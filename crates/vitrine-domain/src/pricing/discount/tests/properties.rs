//! Properties of priced carts over random carts, rules, stacking modes and currencies: the
//! totals add up exactly, nothing goes negative or up, and without an explicit "free" rule a
//! positive price never becomes zero, even after conversion.

use proptest::prelude::*;

use super::*;
use crate::pricing::{Currencies, CurrencyConfig, CurrencyEntry, Rounding, StepMode};

fn adjustment(free: bool) -> impl Strategy<Value = Adjustment> {
    let top: i64 = if free { 100 } else { 99 };
    let lowest = i64::from(!free);
    prop_oneof![
        (0..=top).prop_map(percent),
        (0_i64..5_000).prop_map(|m| Adjustment::AmountOff(usd(m))),
        (lowest..5_000).prop_map(|m| Adjustment::FixedPrice(usd(m))),
    ]
}

fn action(free: bool) -> impl Strategy<Value = Action> {
    let reward = if free {
        prop_oneof![
            Just(Reward::Free),
            (0_i64..=100).prop_map(|p| Reward::Percent(Decimal::from(p)))
        ]
        .boxed()
    } else {
        (0_i64..=99)
            .prop_map(|p| Reward::Percent(Decimal::from(p)))
            .boxed()
    };
    let tiers =
        (1_u32..4, 1_u32..4, adjustment(free), adjustment(free)).prop_map(|(min, gap, a, b)| {
            vec![
                Tier {
                    min,
                    max: Some(min + gap - 1),
                    adjustment: a,
                    label: None,
                },
                Tier {
                    min: min + gap,
                    max: None,
                    adjustment: b,
                    label: None,
                },
            ]
        });
    let count = prop::sample::select(vec![Count::Product, Count::Variation, Count::Cumulative]);
    let cart_adjustment = prop_oneof![
        (0_i64..=if free { 100 } else { 99 })
            .prop_map(|p| CartAdjustment::Percent(Decimal::from(p))),
        (0_i64..20_000).prop_map(|m| CartAdjustment::AmountOff(usd(m))),
    ];
    let products = prop::collection::vec(1_i64..4, 0..2)
        .prop_map(|ids| ids.into_iter().map(item).collect::<Vec<_>>());
    prop_oneof![
        adjustment(free).prop_map(|adjustment| Action::Product { adjustment }),
        (count, tiers).prop_map(|(count, tiers)| Action::Bulk { count, tiers }),
        (1_u32..3, 1_u32..3, reward, any::<bool>(), products).prop_map(
            |(buy, get, reward, repeat, only)| {
                let get_filter = (!only.is_empty()).then(|| {
                    Box::new(Filter {
                        products: only.iter().map(|i| i.product).collect(),
                        ..Filter::default()
                    })
                });
                Action::BuyXGetY {
                    buy,
                    get,
                    get_filter,
                    reward,
                    repeat,
                }
            }
        ),
        (1_u32..4, 1_i64..5_000, any::<bool>()).prop_map(|(quantity, total, repeat)| {
            Action::SetPrice {
                quantity,
                total: usd(total),
                repeat,
            }
        }),
        (cart_adjustment, prop::option::of(0_i64..5_000)).prop_map(|(adjustment, cap)| {
            Action::CartDiscount {
                adjustment,
                cap: cap.map(usd),
            }
        }),
        Just(Action::FreeShipping {}),
    ]
}

fn rules(free: bool) -> impl Strategy<Value = Vec<Rule>> {
    let one = (
        action(free),
        0_i32..3,
        prop::collection::vec(1_i64..4, 0..2),
    );
    prop::collection::vec(one, 0..6).prop_map(|rules| {
        rules
            .into_iter()
            .enumerate()
            .map(|(n, (action, priority, products))| Rule {
                priority,
                ..for_products(rule(&format!("r{n}"), action), &products)
            })
            .collect()
    })
}

fn cart() -> impl Strategy<Value = Vec<CartItem>> {
    let price = prop_oneof![1_i64..10, 0_i64..100_000];
    let one = (1_i64..4, prop::option::of(1_i64..3), price, 1_u32..12);
    prop::collection::vec(one, 1..8).prop_map(|lines| {
        lines
            .into_iter()
            .map(|(p, v, cents, q)| {
                let it = v.map_or_else(|| item(p), |v| variation_of(p, p * 10 + v));
                line(it, cents, q)
            })
            .collect()
    })
}

fn stacking() -> impl Strategy<Value = Stacking> {
    prop::sample::select(vec![Stacking::FirstMatch, Stacking::Biggest, Stacking::All])
}

/// EUR at a random rate and rounding rule, sometimes shown without decimals; or no conversion.
fn currency() -> impl Strategy<Value = Option<Currencies>> {
    let rounding = prop::sample::select(vec![
        Rounding::None,
        Rounding::Charm {
            ending: Decimal::ZERO,
        },
        Rounding::Step {
            step: Decimal::ONE,
            mode: StepMode::HalfUp,
        },
    ]);
    let eur = (1_i64..=3_000_000, rounding, any::<bool>()).prop_map(|(micro, rounding, whole)| {
        let mut entry: CurrencyEntry = serde_json::from_str(r#"{"code":"EUR"}"#).expect("an entry");
        entry.rate = Some(Decimal::new(micro, 6));
        entry.rounding = rounding;
        entry.decimals = whole.then_some(0);
        let usd: CurrencyEntry = serde_json::from_str(r#"{"code":"USD"}"#).expect("an entry");
        let config = CurrencyConfig {
            base: "USD".into(),
            currencies: vec![usd, entry],
        };
        Currencies::try_from(&config).ok()
    });
    prop_oneof![Just(None), eur]
}

/// Prices the cart, in EUR when a currency is given: prices converted, then rules localised.
fn priced(
    rules: Vec<Rule>,
    stacking: Stacking,
    items: &[CartItem],
    currencies: Option<Currencies>,
) -> (DiscountedCart, Vec<CartItem>, i64) {
    let base = engine(stacking, rules);
    let Some(to) = currencies.map(|c| c.converter(Currency::EUR).expect("offered")) else {
        return (price(&base, items), items.to_vec(), 1);
    };
    let local = base.localise(&to).expect("converts");
    let items: Vec<CartItem> = items
        .iter()
        .map(|i| CartItem {
            unit_price: to.convert(i.unit_price).expect("converts"),
            ..i.clone()
        })
        .collect();
    (price(&local, &items), items, to.quantum())
}

proptest! {
    #[test]
    fn totals_add_up_exactly_and_never_go_negative_or_up(
        rules in rules(true), stacking in stacking(), items in cart(), currencies in currency(),
    ) {
        let (cart, items, quantum) = priced(rules, stacking, &items, currencies);
        let lines: i64 = cart.lines.iter().map(|l| l.line_total.amount_minor()).sum();
        let off: i64 = cart.cart_discounts.iter().map(|d| d.amount.amount_minor()).sum();
        prop_assert_eq!(cart.subtotal.amount_minor(), lines);
        prop_assert_eq!(lines - off, cart.total.amount_minor());
        prop_assert!(cart.total.amount_minor() >= 0);
        let original: i64 = items.iter().map(|i| i.unit_price.amount_minor() * i64::from(i.quantity)).sum();
        prop_assert_eq!(cart.discount_total.amount_minor(), original - cart.total.amount_minor());
        for (l, item) in cart.lines.iter().zip(&items) {
            let taken: i64 = l.discounts.iter().map(|d| d.amount.amount_minor()).sum();
            prop_assert_eq!(taken, l.original_total.amount_minor() - l.line_total.amount_minor());
            prop_assert!(l.discounts.iter().all(|d| d.amount.is_positive()));
            let count: u32 = l.units.iter().map(|u| u.quantity).sum();
            prop_assert_eq!(count, item.quantity);
            let sum: i64 = l.units.iter().map(|u| u.unit_price.amount_minor() * i64::from(u.quantity)).sum();
            prop_assert_eq!(sum, l.line_total.amount_minor());
            for u in &l.units {
                prop_assert!(u.unit_price.amount_minor() >= 0);
                prop_assert!(u.unit_price <= item.unit_price, "a discount raised a price");
                prop_assert_eq!(u.unit_price.amount_minor() % quantum, 0, "shown as charged");
            }
        }
    }

    #[test]
    fn without_an_explicit_free_rule_a_positive_price_never_reaches_zero(
        rules in rules(false), stacking in stacking(), items in cart(), currencies in currency(),
    ) {
        let (cart, items, _) = priced(rules, stacking, &items, currencies);
        for (l, item) in cart.lines.iter().zip(&items) {
            if item.unit_price.is_positive() {
                prop_assert!(l.units.iter().all(|u| u.unit_price.is_positive()), "{l:?}");
                prop_assert!(l.discounted_unit_price.is_positive());
            }
        }
        let positive = items.iter().any(|i| i.unit_price.is_positive());
        prop_assert_eq!(cart.total.is_positive(), positive);
    }
}
