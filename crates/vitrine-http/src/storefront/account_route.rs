//! The account area's pages (issue 15), WooCommerce's My account endpoints: Orders (paged as
//! `/my-account/orders/2/`), View order, Downloads and Addresses with their edit forms.

/// A page of the logged-in account area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountArea {
    /// `/my-account/orders/` and `/my-account/orders/{page}/`.
    Orders { page: u32 },
    /// `/my-account/view-order/{id}/`.
    ViewOrder { order_id: i64 },
    /// `/my-account/downloads/`.
    Downloads,
    /// `/my-account/edit-address/`.
    Addresses,
    /// `/my-account/edit-address/billing/` and `…/shipping/`.
    EditAddress { address: AddressPage },
}

pub use crate::views::AddressPage;

/// A number from 1 written in decimal (`2`, not `02`, `+2` or `0`).
fn number(segment: &str) -> Option<i64> {
    segment
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0 && !segment.starts_with('0'))
        .filter(|_| segment.bytes().all(|b| b.is_ascii_digit()))
}

impl AccountArea {
    /// The page under `/my-account/` named by `rest` (the path's segments after it).
    pub fn parse(rest: &[&str]) -> Option<Self> {
        Some(match rest {
            ["orders"] => Self::Orders { page: 1 },
            ["orders", page] => {
                let page = number(page).and_then(|n| u32::try_from(n).ok())?;
                // Page 1 has one address: `/my-account/orders/`.
                if page == 1 {
                    return None;
                }
                Self::Orders { page }
            }
            ["view-order", id] => Self::ViewOrder {
                order_id: number(id)?,
            },
            ["downloads"] => Self::Downloads,
            ["edit-address"] => Self::Addresses,
            ["edit-address", "billing"] => Self::EditAddress {
                address: AddressPage::Billing,
            },
            ["edit-address", "shipping"] => Self::EditAddress {
                address: AddressPage::Shipping,
            },
            _ => return None,
        })
    }

    pub fn path(&self) -> String {
        match self {
            Self::Orders { page: 1 } => "/my-account/orders/".into(),
            Self::Orders { page } => format!("/my-account/orders/{page}/"),
            Self::ViewOrder { order_id } => format!("/my-account/view-order/{order_id}/"),
            Self::Downloads => "/my-account/downloads/".into(),
            Self::Addresses => "/my-account/edit-address/".into(),
            Self::EditAddress {
                address: AddressPage::Billing,
            } => "/my-account/edit-address/billing/".into(),
            Self::EditAddress {
                address: AddressPage::Shipping,
            } => "/my-account/edit-address/shipping/".into(),
        }
    }

    /// The page's title (WooCommerce's endpoint titles).
    pub fn title(&self) -> String {
        match self {
            Self::Orders { .. } => "Orders".into(),
            Self::ViewOrder { order_id } => format!("Order #{order_id}"),
            Self::Downloads => "Downloads".into(),
            Self::Addresses => "Addresses".into(),
            Self::EditAddress {
                address: AddressPage::Billing,
            } => "Billing address".into(),
            Self::EditAddress {
                address: AddressPage::Shipping,
            } => "Shipping address".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn woocommerce_account_endpoints_parse_and_round_trip() {
        let pages = [
            (&["orders"][..], AccountArea::Orders { page: 1 }),
            (&["orders", "2"][..], AccountArea::Orders { page: 2 }),
            (
                &["view-order", "42"][..],
                AccountArea::ViewOrder { order_id: 42 },
            ),
            (&["downloads"][..], AccountArea::Downloads),
            (&["edit-address"][..], AccountArea::Addresses),
            (
                &["edit-address", "billing"][..],
                AccountArea::EditAddress {
                    address: AddressPage::Billing,
                },
            ),
            (
                &["edit-address", "shipping"][..],
                AccountArea::EditAddress {
                    address: AddressPage::Shipping,
                },
            ),
        ];
        for (rest, page) in pages {
            assert_eq!(AccountArea::parse(rest), Some(page.clone()), "{rest:?}");
            let path = page.path();
            let again: Vec<&str> = path.trim_matches('/').split('/').skip(1).collect();
            assert_eq!(AccountArea::parse(&again), Some(page), "{path}");
        }
        assert_eq!(
            AccountArea::Orders { page: 2 }.path(),
            "/my-account/orders/2/"
        );
    }

    #[test]
    fn other_account_paths_are_not_pages() {
        for rest in [
            &["orders", "1"][..],
            &["orders", "0"],
            &["orders", "02"],
            &["orders", "x"],
            &["view-order"],
            &["view-order", "0"],
            &["view-order", "-3"],
            &["view-order", "abc"],
            &["edit-address", "home"],
            &["downloads", "2"],
        ] {
            assert_eq!(AccountArea::parse(rest), None, "{rest:?}");
        }
    }
}
