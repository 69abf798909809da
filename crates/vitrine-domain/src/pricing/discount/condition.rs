//! When a rule holds: dates, the cart's subtotal and quantity, and who is shopping.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;

use crate::account::Role;
use crate::money::Money;

/// Every condition given must hold; none given always holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conditions {
    /// From this moment (RFC 3339, inclusive).
    #[serde(default, with = "time::serde::rfc3339::option")]
    pub from: Option<OffsetDateTime>,
    /// Until this moment (RFC 3339, inclusive).
    #[serde(default, with = "time::serde::rfc3339::option")]
    pub to: Option<OffsetDateTime>,
    /// The cart's subtotal before any discount is at least this.
    #[serde(default)]
    pub subtotal_min: Option<Money>,
    /// The cart's subtotal before any discount is at most this.
    #[serde(default)]
    pub subtotal_max: Option<Money>,
    /// The cart holds at least this many items.
    #[serde(default)]
    pub quantity_min: Option<u32>,
    #[serde(default)]
    pub quantity_max: Option<u32>,
    /// `true`: shoppers who are logged in; `false`: guests only.
    #[serde(default)]
    pub logged_in: Option<bool>,
    /// Logged-in shoppers with one of these roles (empty: any role, or none).
    #[serde(default, with = "role_names")]
    pub roles: Vec<Role>,
    /// Only a shopper known to have no completed order yet.
    #[serde(default)]
    pub first_order: bool,
}

/// Who is shopping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Customer {
    /// `None` for a guest.
    pub role: Option<Role>,
    /// Completed orders, when known (a logged-in customer, or a guest's email at checkout).
    pub completed_orders: Option<u64>,
}

impl Customer {
    pub fn guest() -> Self {
        Self::default()
    }

    pub fn logged_in(role: Role, completed_orders: u64) -> Self {
        Self {
            role: Some(role),
            completed_orders: Some(completed_orders),
        }
    }
}

/// What conditions read about the cart: its subtotal before discounts and its item count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartFacts {
    pub subtotal: Money,
    pub quantity: u64,
}

impl Conditions {
    pub fn hold(&self, cart: CartFacts, customer: Customer, now: OffsetDateTime) -> bool {
        self.hold_for_customer(customer, now)
            && self.subtotal_min.is_none_or(|min| cart.subtotal >= min)
            && self.subtotal_max.is_none_or(|max| cart.subtotal <= max)
            && self
                .quantity_min
                .is_none_or(|min| cart.quantity >= u64::from(min))
            && self
                .quantity_max
                .is_none_or(|max| cart.quantity <= u64::from(max))
    }

    /// The conditions that do not depend on the cart.
    pub fn hold_for_customer(&self, customer: Customer, now: OffsetDateTime) -> bool {
        self.from.is_none_or(|from| from <= now)
            && self.to.is_none_or(|to| now <= to)
            && self
                .logged_in
                .is_none_or(|wanted| wanted == customer.role.is_some())
            && (self.roles.is_empty() || customer.role.is_some_and(|r| self.roles.contains(&r)))
            && (!self.first_order || customer.completed_orders == Some(0))
    }
}

/// Roles by their WordPress names ("shop_manager").
mod role_names {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::account::Role;

    pub fn serialize<S: Serializer>(roles: &[Role], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(roles.iter().map(|r| r.as_str()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Role>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|name| {
                Role::parse(name).ok_or_else(|| {
                    let known: Vec<_> = Role::ALL.iter().map(|r| r.as_str()).collect();
                    D::Error::custom(format!(
                        "unknown role {name:?} (one of {})",
                        known.join(", ")
                    ))
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-27 12:00 UTC);

    fn cart(subtotal: i64, quantity: u64) -> CartFacts {
        CartFacts {
            subtotal: Money::new(subtotal, Currency::USD),
            quantity,
        }
    }

    #[test]
    fn dates_are_inclusive_at_both_ends() {
        let c = Conditions {
            from: Some(NOW),
            to: Some(NOW),
            ..Conditions::default()
        };
        assert!(c.hold(cart(0, 0), Customer::guest(), NOW));
        let second = time::Duration::seconds(1);
        assert!(!c.hold(cart(0, 0), Customer::guest(), NOW - second));
        assert!(!c.hold(cart(0, 0), Customer::guest(), NOW + second));
    }

    #[test]
    fn subtotal_and_quantity_bounds_are_inclusive() {
        let c = Conditions {
            subtotal_min: Some(Money::new(5000, Currency::USD)),
            subtotal_max: Some(Money::new(9999, Currency::USD)),
            quantity_min: Some(2),
            quantity_max: Some(3),
            ..Conditions::default()
        };
        let holds = |s, q| c.hold(cart(s, q), Customer::guest(), NOW);
        assert!(holds(5000, 2) && holds(9999, 3));
        assert!(!holds(4999, 2) && !holds(10_000, 2));
        assert!(!holds(5000, 1) && !holds(5000, 4));
    }

    #[test]
    fn roles_require_a_login_and_first_order_requires_a_known_empty_history() {
        let managers = Conditions {
            roles: vec![Role::ShopManager],
            ..Conditions::default()
        };
        let holds = |c: &Conditions, who| c.hold(cart(0, 0), who, NOW);
        assert!(holds(&managers, Customer::logged_in(Role::ShopManager, 3)));
        assert!(!holds(&managers, Customer::logged_in(Role::Customer, 3)));
        assert!(!holds(&managers, Customer::guest()));
        let first = Conditions {
            first_order: true,
            ..Conditions::default()
        };
        assert!(holds(&first, Customer::logged_in(Role::Customer, 0)));
        assert!(!holds(&first, Customer::logged_in(Role::Customer, 1)));
        assert!(!holds(&first, Customer::guest()), "unknown history");
        let guests = Conditions {
            logged_in: Some(false),
            ..Conditions::default()
        };
        assert!(holds(&guests, Customer::guest()));
        assert!(!holds(&guests, Customer::logged_in(Role::Customer, 0)));
    }

    #[test]
    fn roles_read_by_their_wordpress_names() {
        let c: Conditions = serde_json::from_str(r#"{"roles":["shop_manager"]}"#).expect("known");
        assert_eq!(c.roles, vec![Role::ShopManager]);
        let err = serde_json::from_str::<Conditions>(r#"{"roles":["vip"]}"#).expect_err("unknown");
        assert!(err.to_string().contains("unknown role \"vip\""), "{err}");
    }
}
