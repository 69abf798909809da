//! Prices on the wire: minor units plus the shop-formatted text and WooCommerce's price HTML.

use serde::Serialize;
use utoipa::ToSchema;
use vitrine_domain::catalogue::PriceRange;
use vitrine_domain::money::{Currency, Money, PriceFormat, SymbolPosition};

use crate::html::escape;

/// An amount with its formatted text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct MoneyView {
    pub amount_minor: i64,
    /// ISO 4217 code.
    pub currency: String,
    /// "$42.00"
    pub text: String,
}

/// What a product costs: one price, a range, or a single price on sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PriceView {
    pub currency: String,
    pub min_minor: i64,
    /// Equal to `min_minor` for single-priced products.
    pub max_minor: i64,
    /// Set when a single price is on sale (the struck-through price).
    #[schema(required = true)]
    pub regular_minor: Option<i64>,
    /// "$42.00 – $45.00" (en dash with spaces) or "$18.00".
    pub text: String,
    /// "$45.00" when on sale.
    #[schema(required = true)]
    pub regular_text: Option<String>,
    /// WooCommerce's price_html (del/ins markup for sales).
    pub html: String,
}

/// Formats prices the shop's way; `currency` is the shop's, that of totals with nothing in them.
#[derive(Debug, Clone, Copy)]
pub struct Prices<'a> {
    pub format: &'a PriceFormat,
    pub currency: Currency,
}

impl PriceView {
    /// The lowest price in major units ("45.00"), in the view's own currency (Open Graph,
    /// JSON-LD).
    pub fn min_amount(&self) -> String {
        self.decimal(self.min_minor)
    }

    /// The highest price in major units.
    pub fn max_amount(&self) -> String {
        self.decimal(self.max_minor)
    }

    fn decimal(&self, minor: i64) -> String {
        match self.currency.parse::<Currency>() {
            Ok(currency) => Money::new(minor, currency).to_decimal().to_string(),
            // Unreachable: the view's code comes from a `Money`.
            Err(_) => minor.to_string(),
        }
    }
}

impl Prices<'_> {
    pub fn text(&self, money: Money) -> String {
        self.format.format(money)
    }

    pub fn money(&self, money: Money) -> MoneyView {
        MoneyView {
            amount_minor: money.amount_minor(),
            currency: money.currency().code().to_owned(),
            text: self.text(money),
        }
    }

    /// `wc_price()`: the amount with the symbol in its own span.
    pub fn amount_html(&self, money: Money) -> String {
        let bare = PriceFormat {
            symbol: String::new(),
            position: SymbolPosition::Left,
            ..self.format.clone()
        };
        let number = escape(&bare.format(money));
        let symbol = format!(
            "<span class=\"woocommerce-Price-currencySymbol\">{}</span>",
            escape(&self.format.symbol)
        );
        let inner = match self.format.position {
            SymbolPosition::Left => format!("{symbol}{number}"),
            SymbolPosition::Right => format!("{number}{symbol}"),
            SymbolPosition::LeftSpace => format!("{symbol}&nbsp;{number}"),
            SymbolPosition::RightSpace => format!("{number}&nbsp;{symbol}"),
        };
        format!("<span class=\"woocommerce-Price-amount amount\"><bdi>{inner}</bdi></span>")
    }

    /// A price range, or a single price with its pre-sale price struck through.
    pub fn view(&self, range: PriceRange, regular_if_on_sale: Option<Money>) -> PriceView {
        let (min, max) = (range.min(), range.max());
        let on_sale = regular_if_on_sale.filter(|r| range.is_single() && *r > min);
        let (text, html) = if !range.is_single() {
            (
                format!("{} – {}", self.text(min), self.text(max)),
                format!(
                    "{} &ndash; {}",
                    self.amount_html(min),
                    self.amount_html(max)
                ),
            )
        } else if let Some(regular) = on_sale {
            (self.text(min), self.sale_html(regular, min))
        } else {
            (self.text(min), self.amount_html(min))
        };
        PriceView {
            currency: min.currency().code().to_owned(),
            min_minor: min.amount_minor(),
            max_minor: max.amount_minor(),
            regular_minor: on_sale.map(Money::amount_minor),
            text,
            regular_text: on_sale.map(|r| self.text(r)),
            html,
        }
    }

    fn sale_html(&self, regular: Money, sale: Money) -> String {
        format!(
            "<del aria-hidden=\"true\">{}</del> <span class=\"screen-reader-text\">Original price \
             was: {}.</span><ins aria-hidden=\"true\">{}</ins><span class=\"screen-reader-text\">\
             Current price is: {}.</span>",
            self.amount_html(regular),
            escape(&self.text(regular)),
            self.amount_html(sale),
            escape(&self.text(sale)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usd() -> PriceFormat {
        PriceFormat::for_currency(Currency::USD)
    }

    fn dollars(minor: i64) -> Money {
        Money::new(minor, Currency::USD)
    }

    fn range(min: i64, max: i64) -> PriceRange {
        PriceRange::of([dollars(min), dollars(max)])
            .expect("one currency")
            .expect("two prices")
    }

    fn prices(format: &PriceFormat) -> Prices<'_> {
        Prices {
            format,
            currency: Currency::USD,
        }
    }

    #[test]
    fn a_range_uses_an_en_dash_with_spaces() {
        let f = usd();
        let view = prices(&f).view(range(4200, 4500), None);
        assert_eq!(view.text, "$42.00 – $45.00");
        assert_eq!(view.regular_text, None);
        assert!(view.html.contains("&ndash;"));
    }

    #[test]
    fn a_single_price_on_sale_strikes_through_the_regular_price() {
        let f = usd();
        let view = prices(&f).view(range(1800, 1800), Some(dollars(2000)));
        assert_eq!(view.text, "$18.00");
        assert_eq!(view.regular_text.as_deref(), Some("$20.00"));
        assert_eq!(view.regular_minor, Some(2000));
        assert!(view.html.starts_with("<del aria-hidden=\"true\">"));
        assert!(view.html.contains("<ins aria-hidden=\"true\">"));
        assert!(view.html.contains("Original price was: $20.00."));
    }

    #[test]
    fn the_symbol_sits_where_the_format_says() {
        let f = PriceFormat {
            position: SymbolPosition::RightSpace,
            ..usd()
        };
        let html = prices(&f).amount_html(dollars(4200));
        assert!(html.contains("42.00&nbsp;<span class=\"woocommerce-Price-currencySymbol\">$"));
    }
}
