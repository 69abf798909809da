//! My account's answers: order rows with their actions, one order with its actions, and the
//! account's downloads.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_app::checkout::OrderDetails;
use vitrine_app::my_account::AccountOrders;
use vitrine_domain::customer::OrderActions;
use vitrine_domain::order::{DownloadGrant, Order};

use crate::checkout::{
    DownloadView, Formatter, OrderStatusView, OrderView, order_view, rfc3339, status_view,
};
use crate::state::AppState;
use crate::views::MoneyView;

/// One row of My account → Orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountOrderSummaryView {
    pub id: i64,
    /// "#123" as the table shows it.
    pub number: String,
    /// RFC 3339.
    pub created_at: String,
    pub status: OrderStatusView,
    pub total: MoneyView,
    /// Units bought ("for 2 items").
    pub item_count: u32,
    /// `/my-account/view-order/{id}/`
    pub view_url: String,
    /// The order-pay page with the order's key, while the order waits for payment.
    #[schema(required = true)]
    pub pay_url: Option<String>,
    /// Pending or failed: the customer may cancel it.
    pub can_cancel: bool,
}

/// `GET /api/v1/account/orders?page=`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountOrdersResponse {
    /// Newest first.
    pub orders: Vec<AccountOrderSummaryView>,
    /// Counted from 1.
    pub page: u32,
    /// At least 1.
    pub pages: u32,
    pub total: u64,
}

/// `GET /api/v1/account/orders/{id}` and the cancel's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountOrderResponse {
    pub order: OrderView,
    pub can_cancel: bool,
}

/// A download of the account's, as My account → Downloads lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountDownloadView {
    pub order_id: i64,
    /// `/my-account/view-order/{id}/`
    pub order_url: String,
    /// The link itself, as the order-received page shows it.
    #[serde(flatten)]
    pub download: DownloadView,
}

/// `GET /api/v1/account/downloads`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AccountDownloadsResponse {
    pub downloads: Vec<AccountDownloadView>,
}

pub(super) fn view_url(order: &Order) -> String {
    format!("/my-account/view-order/{}/", order.id)
}

fn pay_url(order: &Order) -> String {
    format!(
        "/checkout/order-pay/{}/?pay_for_order=true&key={}",
        order.id,
        order.key().as_str()
    )
}

fn summary(state: &AppState, order: &Order) -> AccountOrderSummaryView {
    let f = Formatter::for_currency(state, order.order.currency);
    let actions = OrderActions::of(order);
    AccountOrderSummaryView {
        id: order.id.0,
        number: format!("#{}", order.id),
        created_at: rfc3339(order.order.created_at),
        status: status_view(order.status),
        total: f.money(order.total()),
        item_count: order.order.lines.iter().map(|l| l.quantity).sum(),
        view_url: view_url(order),
        pay_url: actions.pay.then(|| pay_url(order)),
        can_cancel: actions.cancel,
    }
}

pub(super) fn orders_response(state: &AppState, found: &AccountOrders) -> AccountOrdersResponse {
    AccountOrdersResponse {
        orders: found.orders.iter().map(|o| summary(state, o)).collect(),
        page: found.page,
        pages: found.pages,
        total: found.total,
    }
}

pub(super) fn order_response(state: &AppState, details: &OrderDetails) -> AccountOrderResponse {
    AccountOrderResponse {
        order: order_view(state, details, false),
        can_cancel: OrderActions::of(&details.order).cancel,
    }
}

pub(super) fn download_view(g: &DownloadGrant) -> AccountDownloadView {
    AccountDownloadView {
        order_id: g.order_id.0,
        order_url: format!("/my-account/view-order/{}/", g.order_id),
        download: DownloadView::of(g),
    }
}
