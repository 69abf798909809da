//! An order's lines and totals from a priced cart, a shipping rate and the tax, with checked
//! arithmetic. The invariant every order keeps: `Σ line totals + shipping + added tax = total`
//! (added tax: all of it when prices exclude tax, none when they include it).

use serde::{Deserialize, Serialize};

use super::{DiscountLine, OrderLine, ShippingLine};
use crate::money::{Currency, Money, MoneyError};
use crate::pricing::ShopperCart;
use crate::tax::{TaxBreakdown, TaxLine};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderTotals {
    /// The lines after their own discounts.
    pub subtotal: Money,
    /// The cart's discounts.
    pub discount_total: Money,
    pub shipping_total: Money,
    /// All the tax (shown as included when prices include tax).
    pub tax_total: Money,
    pub total: Money,
}

/// The shipping rate chosen, its cost already in the order's currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenShipping {
    pub method_id: String,
    pub label: String,
    pub cost: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TotalsError {
    #[error(transparent)]
    Money(#[from] MoneyError),
    #[error("the tax has {tax} line amounts for {lines} lines")]
    TaxLines { lines: usize, tax: usize },
    #[error("the cart discounts exceed the lines")]
    DiscountsExceedLines,
}

/// The order's lines, discounts, shipping, tax lines and totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderAmounts {
    pub lines: Vec<OrderLine>,
    pub discounts: Vec<DiscountLine>,
    pub shipping: Option<ShippingLine>,
    pub taxes: Vec<TaxLine>,
    pub totals: OrderTotals,
}

/// Each line's total after its share of the cart discounts, in the cart's order: what tax is
/// computed on. The shares are proportional to the lines (largest remainder), so they add up
/// to the cart discounts exactly.
pub fn line_totals(cart: &ShopperCart) -> Result<Vec<Money>, TotalsError> {
    let subtotals: Vec<i64> = cart
        .lines
        .iter()
        .map(|l| l.line_total.amount_minor())
        .collect();
    let discount = Money::sum(cart.currency, cart.cart_discounts.iter().map(|d| d.amount))?;
    let shares = apportion(discount.amount_minor(), &subtotals)?;
    cart.lines
        .iter()
        .zip(shares)
        .map(|(line, share)| {
            let total = line
                .line_total
                .amount_minor()
                .checked_sub(share)
                .ok_or(MoneyError::Overflow)?;
            Ok(Money::new(total, cart.currency))
        })
        .collect()
}

/// Splits `amount` over `weights` in proportion, largest remainders first, ties to the
/// earlier weight; never more than a weight.
fn apportion(amount: i64, weights: &[i64]) -> Result<Vec<i64>, TotalsError> {
    let total: i128 = weights.iter().map(|w| i128::from(*w)).sum();
    if amount == 0 || weights.is_empty() {
        return Ok(vec![0; weights.len()]);
    }
    if amount < 0 || total < i128::from(amount) {
        return Err(TotalsError::DiscountsExceedLines);
    }
    let mut shares = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    for (i, w) in weights.iter().enumerate() {
        let exact = i128::from(amount) * i128::from(*w);
        shares.push(exact / total);
        remainders.push((exact % total, i));
    }
    let given: i128 = shares.iter().sum();
    let mut left = i128::from(amount) - given;
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|s| i64::try_from(s).map_err(|_| TotalsError::Money(MoneyError::Overflow)))
        .collect()
}

/// The whole order's amounts. `tax` was computed on [`line_totals`] and the shipping cost.
pub fn order_amounts(
    cart: &ShopperCart,
    shipping: Option<&ChosenShipping>,
    tax: &TaxBreakdown,
    prices_include_tax: bool,
) -> Result<OrderAmounts, TotalsError> {
    let currency: Currency = cart.currency;
    let totals_after = line_totals(cart)?;
    if tax.lines.len() != cart.lines.len() {
        return Err(TotalsError::TaxLines {
            lines: cart.lines.len(),
            tax: tax.lines.len(),
        });
    }
    let mut lines = Vec::with_capacity(cart.lines.len());
    for ((priced, total), line_tax) in cart.lines.iter().zip(&totals_after).zip(&tax.lines) {
        lines.push(OrderLine {
            product_id: priced.line.product_id,
            variation_id: priced.line.variation_id,
            name: priced.name.clone(),
            quantity: priced.line.quantity,
            unit_price: priced.regular_unit_price,
            subtotal: priced.line_total,
            total: *total,
            tax: Money::zero(currency).checked_add(*line_tax)?,
        });
    }
    let shipping_line = shipping
        .map(|s| -> Result<ShippingLine, MoneyError> {
            Ok(ShippingLine {
                method_id: s.method_id.clone(),
                label: s.label.clone(),
                total: Money::zero(currency).checked_add(s.cost)?,
                tax: Money::zero(currency).checked_add(tax.shipping)?,
            })
        })
        .transpose()?;
    let shipping_total = shipping_line
        .as_ref()
        .map_or(Money::zero(currency), |s| s.total);
    let tax_total = Money::zero(currency).checked_add(tax.total)?;
    let discounts: Vec<DiscountLine> = cart
        .cart_discounts
        .iter()
        .map(|d| DiscountLine {
            label: d.title.clone(),
            amount: d.amount,
        })
        .collect();
    let discount_total = Money::sum(currency, discounts.iter().map(|d| d.amount))?;
    let goods = Money::sum(currency, totals_after.iter().copied())?;
    let added_tax = if prices_include_tax {
        Money::zero(currency)
    } else {
        tax_total
    };
    let total = goods.checked_add(shipping_total)?.checked_add(added_tax)?;
    Ok(OrderAmounts {
        lines,
        discounts,
        shipping: shipping_line,
        taxes: tax.by_rate.clone(),
        totals: OrderTotals {
            subtotal: cart.subtotal,
            discount_total,
            shipping_total,
            tax_total,
            total,
        },
    })
}

#[cfg(test)]
#[path = "totals_tests.rs"]
mod tests;
