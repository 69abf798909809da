//! The shopper picks a buy-X-get-Y offer's free item in the cart (spec §7
//! awdr_change_discount_product_in_cart): the pick is kept in the cart, one unit of it is added
//! when it is not there yet (and taken back out when another item is picked), and the offer
//! rewards it from then on. Cart answers list the offers a cart qualifies for with their
//! choices.

use std::collections::BTreeMap;
use std::sync::Arc;

use vitrine_domain::cart::{AddTarget, Cart, CartError, RewardChoice, SessionId, plan_add};
use vitrine_domain::catalogue::{Product, ProductId, ProductKind, VariationId};
use vitrine_domain::money::Money;
use vitrine_domain::pricing::RewardOffer;
use vitrine_domain::pricing::discount::{Customer, ItemContext};

use super::products::CartProducts;
use super::{CartState, Carts};
use crate::error::{AppError, AppResult};
use crate::pricing::{Pricer, Shopper};

/// A pick as the cart sends it: the offer, the item, and the item's parent when it is a
/// variation (WDR's `product_id`, `rule_unique_id`, `parent_id`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardPick {
    pub rule: String,
    pub product_id: i64,
    /// The variable product of a variation; `None` or 0 for a product.
    pub parent_id: Option<i64>,
}

/// One item an offer's free item can be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardOption {
    pub product_id: ProductId,
    pub variation_id: Option<VariationId>,
    /// "Beanie", or "Hoodie - Blue, Yes" for a variation.
    pub name: String,
    /// One unit before discounts, in the cart's currency.
    pub price: Money,
}

/// An offer the cart qualifies for, with what its free item can be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartOffer {
    pub offer: RewardOffer,
    pub options: Vec<RewardOption>,
}

impl Carts {
    /// Records the shopper's pick of an offer's free item, adding one unit of it when the cart
    /// does not hold it. A pick that is not one of the offer's free items, or an offer that
    /// offers no choice, is refused and nothing changes.
    pub async fn choose_reward(
        &self,
        session: Option<&SessionId>,
        pick: &RewardPick,
        shopper: Shopper,
    ) -> AppResult<CartState> {
        let price_for = self.price_for(shopper)?;
        let (product, variation) = self.picked_item(pick).await?;
        let item = ItemContext::of(&product, variation, &[]);
        price_for
            .pricer
            .local()
            .discounts()
            .pickable(&pick.rule, &item)
            .map_err(|e| AppError::invalid(pick_field(&e), capitalised(&e.to_string())))?;
        let target = reward_target(&product, variation)?;
        let turn = self.turn(session).await;
        let mut products = CartProducts::default();
        products.insert(Arc::clone(&product));
        let change = |cart: &Cart, products: &CartProducts| {
            let mut next = cart.clone();
            next.choose_reward(RewardChoice {
                rule: pick.rule.clone(),
                product_id: product.id,
                variation_id: variation,
                added: None,
            });
            let mut added = Vec::new();
            if next.quantity_of(product.id, variation) == 0 {
                let related = products.related(&product);
                let planned = plan_add(&next, &product, &target, &related)?;
                added = planned.iter().map(|l| l.key.clone()).collect::<Vec<_>>();
                next.apply(planned)?;
                if let Some(choice) = next.rewards.last_mut() {
                    choice.added = added.first().cloned();
                }
            }
            Ok((next, added))
        };
        self.write_cart(turn, session, None, products, &change, &price_for)
            .await
    }

    /// The product (and variation) a pick names.
    async fn picked_item(
        &self,
        pick: &RewardPick,
    ) -> AppResult<(Arc<Product>, Option<VariationId>)> {
        let missing = || AppError::from(CartError::ProductNotFound);
        let catalogue = &self.inner.catalogue;
        match pick.parent_id.filter(|p| *p > 0) {
            Some(parent) => {
                let product = catalogue.product(ProductId(parent)).await?;
                let variation = VariationId(pick.product_id);
                product.variation(variation).ok_or_else(missing)?;
                Ok((Arc::new(product), Some(variation)))
            }
            None => {
                let mut read = CartProducts::default();
                read.load(catalogue, [ProductId(pick.product_id)]).await?;
                if let Some(product) = read.shared(ProductId(pick.product_id)) {
                    return Ok((product, None));
                }
                let variation = VariationId(pick.product_id);
                match catalogue.product_of_variation(variation).await? {
                    Some(parent) => Ok((Arc::new(parent), Some(variation))),
                    None => Err(missing()),
                }
            }
        }
    }

    /// The offers `cart` qualifies for, each with the items its free item can be (published,
    /// with a price; a variable product's enabled variations whose options are all set).
    pub(super) async fn offers(
        &self,
        cart: &Cart,
        products: &CartProducts,
        pricer: &Pricer,
        customer: Customer,
    ) -> AppResult<Vec<CartOffer>> {
        let now = self.now();
        let offers = pricer
            .local()
            .reward_offers(cart, products.published(), customer, now)
            .map_err(crate::pricing::pricing_error)?;
        let mut answer = Vec::with_capacity(offers.len());
        for offer in offers {
            let listed = self
                .inner
                .catalogue
                .published_products(&offer.products)
                .await?;
            let mut options = Vec::new();
            for product in &listed.items {
                options.extend(options_of(product, pricer, now)?);
            }
            answer.push(CartOffer { offer, options });
        }
        Ok(answer)
    }
}

/// The items of `product` a reward can be, with their prices.
fn options_of(
    product: &Product,
    pricer: &Pricer,
    now: time::OffsetDateTime,
) -> AppResult<Vec<RewardOption>> {
    let guest = Customer::guest();
    match product.kind {
        ProductKind::Simple => {
            let shown = pricer.shown_price(product, &Default::default(), guest, now)?;
            Ok(shown
                .map(|s| RewardOption {
                    product_id: product.id,
                    variation_id: None,
                    name: product.name.clone(),
                    price: s.range.min(),
                })
                .into_iter()
                .collect())
        }
        ProductKind::Variable => {
            let mut options = Vec::new();
            for variation in product.active_variations() {
                let Some(values) = variation
                    .attributes
                    .iter()
                    .map(|a| a.value.clone())
                    .collect::<Option<Vec<String>>>()
                else {
                    continue;
                };
                if let Some(unit) = pricer.shown_variation(product, variation, guest, now)? {
                    options.push(RewardOption {
                        product_id: product.id,
                        variation_id: Some(variation.id),
                        name: format!("{} - {}", product.name, values.join(", ")),
                        price: unit.undiscounted,
                    });
                }
            }
            Ok(options)
        }
        _ => Ok(Vec::new()),
    }
}

/// What adding the picked item means: one unit, of the variation with its own values.
fn reward_target(product: &Product, variation: Option<VariationId>) -> AppResult<AddTarget> {
    let Some(id) = variation else {
        return Ok(AddTarget::Single { quantity: 1 });
    };
    let chosen = product.variation(id).and_then(|v| {
        v.attributes
            .iter()
            .map(|a| Some((a.attribute.clone(), a.value.clone()?)))
            .collect::<Option<BTreeMap<String, String>>>()
    });
    match chosen {
        Some(attributes) => Ok(AddTarget::Variation {
            variation_id: id,
            attributes,
            quantity: 1,
        }),
        None => Err(AppError::invalid(
            "product_id",
            "Please pick a variation with every option set.",
        )),
    }
}

fn pick_field(error: &vitrine_domain::pricing::discount::PickError) -> &'static str {
    match error {
        vitrine_domain::pricing::discount::PickError::UnknownOffer => "rule_unique_id",
        vitrine_domain::pricing::discount::PickError::NotAReward => "product_id",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}
