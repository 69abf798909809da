//! The shop's copy of Purchase (tracking.md): reported from the paid order — never from the
//! browser — once, with the event id the browser pixel uses (`Order::purchase_event_id`), under
//! the consent the visitor had when placing the order.

use serde_json::{Map, json};
use vitrine_domain::order::Order;
use vitrine_tracking::hashing::RawUserData;
use vitrine_tracking::ids::SessionId;
use vitrine_tracking::intake::{TrackEventRequest, validate};
use vitrine_tracking::page::ShopOrigin;

use super::Checkout;
use crate::tracking::RequestContext;

impl Checkout {
    /// Records the server copy of Purchase for a just-paid order; a failure is logged (the
    /// order is paid either way).
    pub(super) async fn report_purchase(&self, order: &Order) {
        let (Some(tracking), Some(visitor)) = (&self.inner.tracking, &order.order.tracking) else {
            return;
        };
        let Some(session) = SessionId::parse(&visitor.session) else {
            return;
        };
        let now = self.now();
        let o = &order.order;
        let total = o.totals.total;
        // The pixels take the value as a JSON number in major units: the money type's exact
        // decimal, made a number only at this edge.
        let value = serde_json::from_str::<serde_json::Value>(&total.to_decimal().to_string())
            .unwrap_or(serde_json::Value::Null);
        let ids: Vec<String> = o.lines.iter().map(|l| l.product_id.0.to_string()).collect();
        let items: u32 = o.lines.iter().map(|l| l.quantity).sum();
        let custom = json!({
            "value": value,
            "currency": total.currency().code(),
            "content_ids": ids,
            "content_type": "product",
            "num_items": items,
            "order_id": order.id.to_string(),
        });
        let request = TrackEventRequest {
            event_id: order.purchase_event_id(),
            event_name: "Purchase".to_owned(),
            event_time: now.unix_timestamp(),
            event_source_url: self.absolute(&format!("/checkout/order-received/{}/", order.id)),
            custom_data: custom.as_object().cloned().unwrap_or_else(Map::new),
            user_data: RawUserData {
                first_name: Some(o.billing.first_name.clone()).filter(|s| !s.is_empty()),
                last_name: Some(o.billing.last_name.clone()).filter(|s| !s.is_empty()),
                email: Some(o.billing.email.clone()).filter(|s| !s.is_empty()),
                phone: Some(o.billing.phone.clone()).filter(|s| !s.is_empty()),
                ..RawUserData::default()
            },
            page_token: None,
        };
        let event = match validate(request, now, tracking.settings().max_event_value) {
            Ok(event) => event,
            Err(error) => {
                tracing::warn!(order = %order.id, %error, "Purchase not reported");
                return;
            }
        };
        let ctx = RequestContext {
            session: Some(session.clone()),
            consent_decision: visitor.consent_decision.clone(),
            shop_origin: ShopOrigin::resolve(&self.inner.policy.public_url, None),
            ..RequestContext::default()
        };
        match tracking.record_server_event(&event, &session, &ctx).await {
            Ok(queued) => tracing::info!(order = %order.id, queued, "Purchase reported"),
            Err(error) => tracing::warn!(order = %order.id, %error, "Purchase not reported"),
        }
    }
}
