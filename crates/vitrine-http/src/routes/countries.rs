//! The countries the shop sells to, with each one's address rules, for the checkout form
//! (ADR 0014): the form re-applies a country's rules when the shopper changes country.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::address;

use crate::state::AppState;

/// One country as the checkout form shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CountryView {
    /// ISO 3166-1 alpha-2 (`US`).
    pub code: String,
    pub name: String,
    /// The state choices (by name); empty when the state is free text or absent.
    pub states: Vec<StateView>,
    /// The state must be chosen from `states`.
    pub state_required: bool,
    pub postcode_required: bool,
    /// "State", "Province", "County", "State / County" by default.
    pub state_label: String,
    /// "ZIP Code", "Postcode", "Postcode / ZIP" by default.
    pub postcode_label: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StateView {
    /// The code the checkout sends (`CA`).
    pub code: String,
    pub name: String,
}

impl From<address::CountryView> for CountryView {
    fn from(c: address::CountryView) -> Self {
        Self {
            code: c.code,
            name: c.name,
            states: c
                .states
                .into_iter()
                .map(|s| StateView {
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
}

/// The countries the shop sells to, by name, with their states, required fields and labels.
#[utoipa::path(get, path = "/api/v1/checkout/countries", tag = "checkout",
    responses((status = 200, body = Vec<CountryView>)))]
pub async fn list_countries(State(state): State<AppState>) -> Json<Vec<CountryView>> {
    let countries = state.shop().policies().checkout.countries.view();
    Json(countries.into_iter().map(CountryView::from).collect())
}
