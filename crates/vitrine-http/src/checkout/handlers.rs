//! `/api/v1/checkout*` (ADR 0014): each handler extracts, calls the checkout use case and maps.

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Extension, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use vitrine_app::checkout::{DestinationInput, PlaceAnswer, PlaceOrder, PlaceRequest};
use vitrine_app::checkout_sign_up::SignedUpOrder;
use vitrine_app::pricing::Shopper;
use vitrine_domain::order::{Attribution, OrderId};

use super::customer::Customer;
use super::request::{
    AddressFields, AttributionFields, CheckoutPaymentRequest, PlaceOrderRequest, ReviewRequest,
};
use super::response::{
    CheckoutPaymentResponse, CheckoutView, CountryOptionView, CustomerAddressesView,
    NextActionView, PlaceOrderResponse,
};
use super::view::{address_view, checkout_view, country_view};
use crate::account::Viewer;
use crate::cart::Session;
use crate::currency::CartShopper;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{AppJson, client_key};
use crate::responses::{Internal, JsonBody, RateLimited};
use crate::state::AppState;

/// The header a checkout attempt is made idempotent with.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// The countries the shop sells to, with each one's address rules (states, postcode).
#[utoipa::path(get, path = "/api/v1/checkout/countries", tag = "checkout",
    responses((status = 200, body = Vec<CountryOptionView>), Internal))]
pub async fn list_countries(State(state): State<AppState>) -> Json<Vec<CountryOptionView>> {
    let countries = state.shop().checkout().countries();
    Json(countries.into_iter().map(country_view).collect())
}

/// The checkout for the session's cart, priced in the shopper's currency (spec §2 checkout).
#[utoipa::path(get, path = "/api/v1/checkout", tag = "checkout",
    params(("X-WP-Nonce" = Option<String>, Header, description = "Signed-in shoppers: the account's nonce")),
    responses(
        (status = 200, body = CheckoutView),
        (status = 400, description = "`unsupported_currency`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce` (signed in, without the nonce)", body = ErrorBody),
        Internal))]
pub async fn get_checkout(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    viewer: Viewer,
) -> ApiResult<Json<CheckoutView>> {
    let shopper = Shopper::new(shopper.currency, viewer.user.as_ref());
    let quote = state
        .shop()
        .checkout()
        .quote(
            session.id.as_ref(),
            shopper,
            &DestinationInput::default(),
            None,
        )
        .await?;
    // A signed-in customer's saved addresses prefill the form (issue 18 item 4).
    let customer = match &viewer.user {
        Some(user) => {
            let saved = state.shop().my_account().addresses(user.id).await?;
            Some(CustomerAddressesView {
                billing: saved.billing.as_ref().map(address_view),
                shipping: saved.shipping.as_ref().map(address_view),
            })
        }
        None => None,
    };
    Ok(Json(checkout_view(&state, &quote, customer)?))
}

/// The totals for a destination: its shipping choices and tax. Places no order.
#[utoipa::path(post, path = "/api/v1/checkout/review", tag = "checkout",
    params(("X-WP-Nonce" = Option<String>, Header, description = "Signed-in shoppers: the account's nonce")),
    request_body = ReviewRequest,
    responses(
        (status = 200, body = CheckoutView),
        (status = 400, description = "`unsupported_currency`, `invalid_json`", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn review_checkout(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    Customer(user): Customer,
    AppJson(body): AppJson<ReviewRequest>,
) -> ApiResult<Json<CheckoutView>> {
    let shopper = Shopper::new(shopper.currency, user.as_ref());
    let to = if body.ship_to_different_address {
        &body.shipping
    } else {
        &body.billing
    };
    let to = DestinationInput {
        country: to.country.clone(),
        state: to.state.clone(),
        postcode: to.postcode.clone(),
    };
    let quote = state
        .shop()
        .checkout()
        .quote(
            session.id.as_ref(),
            shopper,
            &to,
            body.shipping_method.as_deref(),
        )
        .await?;
    Ok(Json(checkout_view(&state, &quote, None)?))
}

/// Place the order from the session's cart (totals computed by the shop; amounts in the body
/// are ignored) and pay it. The same `Idempotency-Key` answers the first answer again;
/// without one, the cart's pending order is resumed rather than duplicated.
#[utoipa::path(post, path = "/api/v1/checkout", tag = "checkout",
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "One per checkout attempt (a UUID), kept for its retries; at most 255 characters"),
        ("X-WP-Nonce" = Option<String>, Header, description = "Signed-in shoppers: the account's nonce")),
    request_body = PlaceOrderRequest,
    responses(
        (status = 200, description = "Paid (`redirect`) or waiting for 3-D Secure (`next_action`)", body = PlaceOrderResponse),
        (status = 400, description = "`invalid_field` with `field` (`billing_email`, `terms`, \
            `shipping_method`, `payment_method_id`…); `empty_cart`; `invalid_json`; \
            `unsupported_currency`; with `create_account`: `weak_password` \
            (`account_password`), `invalid_parameter`", body = ErrorBody),
        (status = 402, description = "`payment_failed`: the card was refused; `message` is the \
            provider's; the order stays pending and a retry reuses it", body = ErrorBody),
        (status = 403, description = "`rest_cookie_invalid_nonce`", body = ErrorBody),
        (status = 404, description = "`payment_method_not_found`: `use_saved_method` with a \
            card that is not the signed-in account's (or any account's saved card sent by \
            someone else); no order is placed, nothing charged", body = ErrorBody),
        (status = 409, description = "`email_exists` (`billing_email`, with `create_account`: \
            nothing is placed); `idempotency_conflict` (the key was used for another \
            cart); `insufficient_stock`", body = ErrorBody),
        JsonBody,
        RateLimited,
        Internal))]
pub async fn place_order(
    State(state): State<AppState>,
    session: Session,
    CartShopper(shopper): CartShopper,
    Customer(user): Customer,
    headers: HeaderMap,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    AppJson(body): AppJson<PlaceOrderRequest>,
) -> ApiResult<Response> {
    let idempotency_key = headers
        .get(IDEMPOTENCY_KEY)
        .map(|v| v.to_str().unwrap_or("\u{fffd}").to_owned());
    let request = PlaceRequest {
        session: session.id.clone(),
        shopper: Shopper::new(shopper.currency, user.as_ref()),
        customer_id: user.as_ref().map(|u| u.id.0),
        user: user.clone(),
        idempotency_key,
        client: client_key(&state, &headers, peer),
        server_attribution: super::attribution::server_attribution(&state, &headers).await,
        tracking: super::attribution::tracking_ref(&state, &headers),
    };
    // "Create an account?" is offered to guests; a logged-in shopper's order is theirs.
    let sign_up = user.is_none() && body.create_account;
    let password = body.account_password.clone().unwrap_or_default();
    let form = place_form(body);
    let checkout = state.shop().checkout();
    if !sign_up {
        let answer = checkout.place_order(form, request).await?;
        return Ok(Json(place_response(answer)).into_response());
    }
    let SignedUpOrder { login, order } = state
        .shop()
        .place_order_signing_up(form, request, password, None)
        .await;
    let mut response = match order {
        Ok(answer) => Json(place_response(answer)).into_response(),
        Err(error) => ApiError::from(error).into_response(),
    };
    // The new login holds whatever became of the order (a refused card can be retried).
    if let Some(login) = login {
        let secure = crate::cookies::secure_cookies(&headers, &state);
        let with_cookie = crate::account::login_response(&state, &login, secure);
        for cookie in with_cookie.headers().get_all(header::SET_COOKIE) {
            response
                .headers_mut()
                .append(header::SET_COOKIE, cookie.clone());
        }
        crate::cookies::mark_private(response.headers_mut());
    }
    Ok(response)
}

fn place_form(body: PlaceOrderRequest) -> PlaceOrder {
    PlaceOrder {
        billing: AddressFields::into(body.billing),
        shipping: body.shipping.into(),
        ship_to_different_address: body.ship_to_different_address,
        order_comments: body.order_comments,
        terms: body.terms,
        shipping_method: body.shipping_method.filter(|m| !m.is_empty()),
        payment_method_id: body.payment_method_id,
        save_payment_method: body.save_payment_method,
        use_saved_method: body.use_saved_method,
        attribution: attribution(body.attribution),
    }
}

fn attribution(a: AttributionFields) -> Attribution {
    let clean = |v: Option<String>| {
        v.map(|s| s.trim().chars().take(200).collect::<String>())
            .filter(|s| !s.is_empty())
    };
    Attribution {
        source_type: clean(a.source_type),
        source: clean(a.source),
        medium: clean(a.medium),
        campaign: clean(a.campaign),
        content: clean(a.content),
        term: clean(a.term),
        landing_page: clean(a.landing_page),
        referrer: clean(a.referrer),
        device_type: clean(a.device_type),
        session_pages: a.session_pages,
        session_count: a.session_count,
    }
}

fn place_response(answer: PlaceAnswer) -> PlaceOrderResponse {
    let order_id = answer.order_id.0;
    let order_key = answer.order_key.clone();
    PlaceOrderResponse {
        result: "success".to_owned(),
        order_id,
        order_key: answer.order_key,
        redirect: answer.redirect,
        next_action: answer.next_action.map(|step| NextActionView {
            kind: "payment_intent".to_owned(),
            client_secret: step.client_secret,
            redirect_url: step.redirect_url,
            return_url: step.return_url,
            order_id,
            order_key,
        }),
    }
}

/// After 3-D Secure: settle the order's payment (spec §7 checkout_payment).
#[utoipa::path(post, path = "/api/v1/checkout/payment", tag = "checkout",
    request_body = CheckoutPaymentRequest,
    responses(
        (status = 200, body = CheckoutPaymentResponse),
        (status = 400, description = "`invalid_json`: a field missing or of the wrong type", body = ErrorBody),
        (status = 402, description = "`payment_failed` (authentication failed or the card was \
            refused)", body = ErrorBody),
        (status = 404, description = "`order_not_found` (unknown id or wrong key)", body = ErrorBody),
        JsonBody,
        Internal))]
pub async fn checkout_payment(
    State(state): State<AppState>,
    AppJson(body): AppJson<CheckoutPaymentRequest>,
) -> ApiResult<Json<CheckoutPaymentResponse>> {
    let redirect = state
        .shop()
        .checkout()
        .checkout_payment(OrderId(body.order_id), &body.order_key)
        .await?;
    Ok(Json(CheckoutPaymentResponse {
        result: "success".to_owned(),
        redirect,
    }))
}
