//! Orders (ADR 0014): placed by the shop from a priced cart, paid through the payment port,
//! never paid twice. Pure rules here; the store keeps them ([`OrderStore`]).

mod downloads;
mod key;
mod model;
mod ports;
mod status;
mod stock;
mod totals;

pub use downloads::{DownloadGrant, DownloadRefusal, download_grants};
pub use key::OrderKey;
pub use model::{
    Attribution, DiscountLine, NewOrder, Order, OrderId, OrderLine, ShippingLine, TrackingRef,
};
pub use ports::{
    CheckoutRequest, DownloadFile, DownloadFiles, FinalizeOutcome, OrderNote, OrderStore,
    PaymentAttempt, PlaceOutcome, QueuedMail, Settlement,
};
pub use status::OrderStatus;
pub use stock::{StockChange, stock_changes};
pub use totals::{
    ChosenShipping, OrderAmounts, OrderTotals, TotalsError, line_totals, order_amounts,
};
