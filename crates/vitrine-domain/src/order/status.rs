//! Order statuses (WooCommerce's) and the transitions between them, as a pure function.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    /// Placed, not paid yet (WooCommerce's "pending payment").
    Pending,
    /// Paid; to be fulfilled.
    Processing,
    /// The provider is still settling the payment (`processing` intent).
    OnHold,
    Completed,
    Cancelled,
    Refunded,
    /// The last payment attempt failed for good; the order can still be paid (order-pay).
    Failed,
}

impl OrderStatus {
    pub const ALL: [Self; 7] = [
        Self::Pending,
        Self::Processing,
        Self::OnHold,
        Self::Completed,
        Self::Cancelled,
        Self::Refunded,
        Self::Failed,
    ];

    /// The stored spelling (`on-hold` as WooCommerce writes it).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Processing => "processing",
            Self::OnHold => "on-hold",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Refunded => "refunded",
            Self::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// The shopper can (still) pay for it: order-pay accepts it.
    pub fn needs_payment(self) -> bool {
        matches!(self, Self::Pending | Self::Failed)
    }

    /// Whether an order in this status may move to `next`. Paying is only possible from an
    /// unpaid status; a paid order is never made unpaid again except by a refund or a
    /// cancellation, and a cancelled, refunded or completed order is settled.
    pub fn can_become(self, next: Self) -> bool {
        use OrderStatus::*;
        if self == next {
            return false;
        }
        match self {
            Pending => matches!(next, Processing | OnHold | Cancelled | Failed),
            Failed => matches!(next, Pending | Processing | OnHold | Cancelled),
            OnHold => matches!(next, Processing | Cancelled | Failed | Refunded),
            // A disputed payment puts a paid order on hold (WooCommerce Stripe's dispute
            // handling).
            Processing => matches!(next, Completed | Refunded | Cancelled | OnHold),
            Completed => matches!(next, Refunded | OnHold),
            Cancelled | Refunded => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OrderStatus::{self, *};

    #[test]
    fn statuses_round_trip_through_their_stored_names() {
        for status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(OnHold.as_str(), "on-hold");
        assert_eq!(OrderStatus::parse("on_hold"), None);
        assert_eq!(OrderStatus::parse("paid"), None);
    }

    #[test]
    fn only_pending_and_failed_orders_need_payment() {
        let unpaid: Vec<_> = OrderStatus::ALL
            .into_iter()
            .filter(|s| s.needs_payment())
            .collect();
        assert_eq!(unpaid, [Pending, Failed]);
    }

    #[test]
    fn the_transition_table_is_exactly_this() {
        let allowed = [
            (Pending, Processing),
            (Pending, OnHold),
            (Pending, Cancelled),
            (Pending, Failed),
            (Failed, Pending),
            (Failed, Processing),
            (Failed, OnHold),
            (Failed, Cancelled),
            (OnHold, Processing),
            (OnHold, Cancelled),
            (OnHold, Failed),
            (OnHold, Refunded),
            (Processing, Completed),
            (Processing, Refunded),
            (Processing, Cancelled),
            (Processing, OnHold),
            (Completed, Refunded),
            (Completed, OnHold),
        ];
        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                assert_eq!(
                    from.can_become(to),
                    allowed.contains(&(from, to)),
                    "{from:?} -> {to:?}"
                );
            }
        }
    }

    #[test]
    fn a_paid_order_never_goes_back_to_unpaid_or_failed() {
        for paid in [Processing, Completed, Refunded] {
            assert!(
                !paid.can_become(Pending) && !paid.can_become(Failed),
                "{paid:?}"
            );
        }
    }
}
