//! Why a cart operation was refused. The web layer gives each variant its stable code and
//! status (`vitrine-http::error`, the one mapping).

use crate::money::MoneyError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CartError {
    #[error("That product does not exist.")]
    ProductNotFound,
    #[error("{0}")]
    InvalidQuantity(String),
    /// More than [`super::MAX_LINE_QUANTITY`] units of one item, asked for at once or in
    /// total with what the cart holds.
    #[error("A cart can hold at most {max} of one item; please choose a smaller quantity.")]
    QuantityTooLarge { max: u32 },
    #[error(
        "You cannot add that amount to the cart — we have {available} in stock and you already have {in_cart} in your cart."
    )]
    InsufficientStock { available: i64, in_cart: u64 },
    #[error("{0}")]
    NotPurchasable(String),
    #[error("{0}")]
    InvalidAttributes(String),
    #[error("You cannot add another \"{0}\" to your cart.")]
    AlreadyInCart(String),
    #[error("That cart item no longer exists.")]
    LineNotFound,
    /// The cart's prices cannot be added up: a total overflowed or a price is in another
    /// currency than the shop's. Not the shopper's doing (a quantity too large to price is
    /// refused as `InvalidQuantity` when added), so the API answers 500 and logs it.
    #[error("the cart cannot be priced: {0}")]
    Pricing(#[from] MoneyError),
}
