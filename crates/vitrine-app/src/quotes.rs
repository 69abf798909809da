//! Prices a page asks for besides its own (spec §7 wdr_ajax get_price_html and
//! get_variable_product_bulk_table, awdr_get_product_discount, wmc_get_products_price): a
//! product at a quantity, its bulk table, and the prices of several products for one shopper.

use vitrine_domain::catalogue::{ProductId, VariationId};
use vitrine_domain::pricing::discount::BulkRow;
use vitrine_domain::pricing::{Quote, ShownPrice};

use crate::error::{AppError, AppResult};
use crate::pricing::{Pricer, Shopper};
use crate::shop::Shop;

/// The most products one request may ask prices for.
pub const MAX_PRICED_PRODUCTS: usize = 100;

impl Shop {
    /// `quantity` of a published product (or its variation) for `shopper`, with the pricer
    /// that formats it.
    pub async fn quote(
        &self,
        id: ProductId,
        variation: Option<VariationId>,
        quantity: u32,
        shopper: Shopper,
    ) -> AppResult<(Quote, Pricer)> {
        let pricer = self.pricing().pricer(shopper.currency)?;
        let product = self.catalogue().cached_product(id).await?;
        let quote = pricer.quote(&product, variation, quantity, shopper.customer, self.now())?;
        Ok((quote, pricer))
    }

    /// The bulk-discount table of a published product (or its variation) for `shopper`.
    pub async fn bulk_table(
        &self,
        id: ProductId,
        variation: Option<VariationId>,
        shopper: Shopper,
    ) -> AppResult<(Vec<BulkRow>, Pricer)> {
        let pricer = self.pricing().pricer(shopper.currency)?;
        let product = self.catalogue().cached_product(id).await?;
        let rows = pricer.bulk_table(&product, variation, shopper.customer, self.now())?;
        Ok((rows, pricer))
    }

    /// What each of the published products among `ids` costs `shopper` now (quantity 1), in
    /// the order asked; unknown, unpublished and unpriced products are left out. At most
    /// [`MAX_PRICED_PRODUCTS`] ids.
    pub async fn shown_prices(
        &self,
        ids: &[ProductId],
        shopper: Shopper,
    ) -> AppResult<(Vec<(ProductId, ShownPrice)>, Pricer)> {
        if ids.len() > MAX_PRICED_PRODUCTS {
            return Err(AppError::invalid(
                "product_ids",
                format!("Ask for at most {MAX_PRICED_PRODUCTS} products at once."),
            ));
        }
        let pricer = self.pricing().pricer(shopper.currency)?;
        let products = self.catalogue().published_products(ids).await?;
        let now = self.now();
        let mut prices = Vec::with_capacity(products.items.len());
        for product in &products.items {
            let shown = pricer.shown_price(product, &products.children, shopper.customer, now)?;
            if let Some(shown) = shown {
                prices.push((product.id, shown));
            }
        }
        Ok((prices, pricer))
    }
}
