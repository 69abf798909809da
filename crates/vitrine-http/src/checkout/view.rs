//! The checkout's answers from the application's: money formatted the shop's way in the
//! order's or the shopper's currency.

use time::format_description::well_known::Rfc3339;
use vitrine_app::checkout::{CheckoutQuote, OrderDetails};
use vitrine_domain::address::{Address, CountryView};
use vitrine_domain::money::{Money, PriceFormat};
use vitrine_domain::order::{Attribution, DownloadGrant, OrderStatus, OrderTotals};
use vitrine_domain::payment::BrowserConfig;
use vitrine_domain::shipping::{MethodKind, ShippingRate};
use vitrine_domain::tax::TaxLine;

use super::response::{
    AddressView, AttributionView, CheckoutView, CountryOptionView, CustomerAddressesView,
    DownloadView, OrderDiscountView, OrderLineView, OrderShippingView, OrderStatusView, OrderView,
    PaymentConfigView, ShippingRateView, StateOptionView, TaxLineView, TotalsView,
};
use crate::cart::cart_view;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::views::MoneyView;

/// Formats amounts of one currency.
pub(crate) struct Formatter(PriceFormat);

impl Formatter {
    /// The shop's format for the currency when it still offers it, else the currency's own.
    pub(crate) fn for_currency(
        state: &AppState,
        currency: vitrine_domain::money::Currency,
    ) -> Self {
        match state.shop().pricing().pricer(currency) {
            Ok(pricer) => Self(pricer.format().clone()),
            Err(_) => Self(PriceFormat::for_currency(currency)),
        }
    }

    pub(crate) fn money(&self, money: Money) -> MoneyView {
        MoneyView {
            amount_minor: money.amount_minor(),
            currency: money.currency().code().to_owned(),
            text: self.0.format(money),
        }
    }
}

pub(super) fn country_view(c: CountryView) -> CountryOptionView {
    CountryOptionView {
        code: c.code,
        name: c.name,
        states: c
            .states
            .into_iter()
            .map(|s| StateOptionView {
                code: s.code,
                name: s.name,
            })
            .collect(),
        state_required: c.state_required,
        postcode_required: c.postcode_required,
        state_label: c.state_label,
        postcode_label: c.postcode_label,
    }
}

pub(super) fn payment_config(config: BrowserConfig) -> PaymentConfigView {
    PaymentConfigView {
        provider: config.provider,
        publishable_key: config.publishable_key,
        api_base: config.api_base,
        livemode: config.livemode,
    }
}

pub(crate) fn address_view(a: &Address) -> AddressView {
    AddressView {
        first_name: a.first_name.clone(),
        last_name: a.last_name.clone(),
        company: a.company.clone(),
        country: a.country.clone(),
        address_1: a.address_1.clone(),
        address_2: a.address_2.clone(),
        city: a.city.clone(),
        state: a.state.clone(),
        postcode: a.postcode.clone(),
        phone: a.phone.clone(),
        email: a.email.clone(),
    }
}

fn kind_name(kind: MethodKind) -> &'static str {
    match kind {
        MethodKind::FlatRate => "flat_rate",
        MethodKind::FreeShipping => "free_shipping",
        MethodKind::LocalPickup => "local_pickup",
    }
}

fn rate_view(f: &Formatter, rate: &ShippingRate) -> ShippingRateView {
    ShippingRateView {
        id: rate.id.clone(),
        kind: kind_name(rate.kind).to_owned(),
        label: rate.label.clone(),
        cost: f.money(rate.cost),
    }
}

fn tax_lines(f: &Formatter, taxes: &[TaxLine]) -> Vec<TaxLineView> {
    taxes
        .iter()
        .map(|t| TaxLineView {
            label: t.label.clone(),
            amount: f.money(t.amount),
        })
        .collect()
}

fn totals_view(
    f: &Formatter,
    totals: &OrderTotals,
    taxes: &[TaxLine],
    prices_include_tax: bool,
) -> TotalsView {
    TotalsView {
        subtotal: f.money(totals.subtotal),
        discount_total: f.money(totals.discount_total),
        shipping_total: f.money(totals.shipping_total),
        tax_total: f.money(totals.tax_total),
        taxes: tax_lines(f, taxes),
        total: f.money(totals.total),
        prices_include_tax,
    }
}

pub(super) fn checkout_view(
    state: &AppState,
    quote: &CheckoutQuote,
    customer: Option<CustomerAddressesView>,
) -> ApiResult<CheckoutView> {
    let cart = cart_view(state, &quote.cart)?;
    let f = Formatter(quote.cart.pricer.format().clone());
    let checkout = state.shop().checkout();
    Ok(CheckoutView {
        currency: quote.currency().code().to_owned(),
        needs_shipping: quote.needs_shipping,
        shipping_rates: quote.rates.iter().map(|r| rate_view(&f, r)).collect(),
        selected_rate: quote.selected.as_ref().map(|r| r.id.clone()),
        shipping_error: quote.shipping_error.clone(),
        totals: totals_view(
            &f,
            &quote.amounts.totals,
            &quote.amounts.taxes,
            quote.prices_include_tax,
        ),
        terms_url: checkout.policy().terms_url.clone(),
        payment: payment_config(checkout.browser_config()),
        customer,
        cart,
    })
}

pub(crate) fn status_view(status: OrderStatus) -> OrderStatusView {
    match status {
        OrderStatus::Pending => OrderStatusView::Pending,
        OrderStatus::Processing => OrderStatusView::Processing,
        OrderStatus::OnHold => OrderStatusView::OnHold,
        OrderStatus::Completed => OrderStatusView::Completed,
        OrderStatus::Cancelled => OrderStatusView::Cancelled,
        OrderStatus::Refunded => OrderStatusView::Refunded,
        OrderStatus::Failed => OrderStatusView::Failed,
    }
}

impl DownloadView {
    /// A paid order's link to one file, wherever the shop shows it.
    pub fn of(grant: &DownloadGrant) -> Self {
        Self {
            product_id: grant.product_id.0,
            product_name: grant.product_name.clone(),
            name: grant.name.clone(),
            url: format!("/api/v1/downloads/{}", grant.token),
            downloads_remaining: grant.downloads_remaining,
            expires_at: grant.expires_at.map(rfc3339),
        }
    }
}

pub(crate) fn rfc3339(at: time::OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

fn attribution_view(a: &Attribution) -> AttributionView {
    AttributionView {
        source_type: a.source_type.clone(),
        source: a.source.clone(),
        medium: a.medium.clone(),
        campaign: a.campaign.clone(),
        landing_page: a.landing_page.clone(),
        referrer: a.referrer.clone(),
        device_type: a.device_type.clone(),
        session_pages: a.session_pages,
    }
}

pub(crate) fn order_view(state: &AppState, details: &OrderDetails, staff: bool) -> OrderView {
    let order = &details.order;
    let o = &order.order;
    let f = Formatter::for_currency(state, o.currency);
    let needs_payment = order.needs_payment();
    OrderView {
        id: order.id.0,
        status: status_view(order.status),
        currency: o.currency.code().to_owned(),
        created_at: rfc3339(o.created_at),
        paid_at: order.paid_at.map(rfc3339),
        lines: o
            .lines
            .iter()
            .map(|l| OrderLineView {
                product_id: l.product_id.0,
                variation_id: l.variation_id.map(|v| v.0),
                name: l.name.clone(),
                quantity: l.quantity,
                unit_price: f.money(l.unit_price),
                subtotal: f.money(l.subtotal),
                total: f.money(l.total),
                tax: f.money(l.tax),
            })
            .collect(),
        discounts: o
            .discounts
            .iter()
            .map(|d| OrderDiscountView {
                label: d.label.clone(),
                amount: f.money(d.amount),
            })
            .collect(),
        shipping_line: o.shipping.as_ref().map(|s| OrderShippingView {
            method_id: s.method_id.clone(),
            label: s.label.clone(),
            total: f.money(s.total),
            tax: f.money(s.tax),
        }),
        totals: totals_view(&f, &o.totals, &o.taxes, o.prices_include_tax),
        billing: address_view(&o.billing),
        shipping: o.shipping_address.as_ref().map(address_view),
        customer_note: o.customer_note.clone(),
        payment_method_title: order.payment_method_title.clone(),
        needs_payment,
        pay_url: needs_payment.then(|| {
            format!(
                "/checkout/order-pay/{}/?pay_for_order=true&key={}",
                order.id,
                order.key().as_str()
            )
        }),
        downloads: details.downloads.iter().map(DownloadView::of).collect(),
        purchase_event_id: order.is_paid().then(|| order.purchase_event_id()),
        attribution: staff.then(|| attribution_view(&o.attribution)),
    }
}
