//! Download links of a paid order (WooCommerce's download permissions): one per file of each
//! downloadable product bought, with the product's download limit and expiry.

use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};

use super::{OrderId, OrderLine};
use crate::catalogue::{Product, ProductId};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DownloadGrant {
    /// Unguessable (256 random bits, hex): the link is the permission.
    pub token: String,
    pub order_id: OrderId,
    pub product_id: ProductId,
    pub product_name: String,
    /// The download's name ("Single (MP3)").
    pub name: String,
    /// Where the file is: a name in the shop's download folder, or its address.
    pub file: String,
    /// `None`: unlimited.
    pub downloads_remaining: Option<u32>,
    /// `None`: never expires.
    pub expires_at: Option<OffsetDateTime>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DownloadRefusal {
    #[error("this download has expired")]
    Expired,
    #[error("no downloads remain for this file")]
    LimitReached,
}

impl DownloadGrant {
    /// Whether one more download is allowed at `now`.
    pub fn check(&self, now: OffsetDateTime) -> Result<(), DownloadRefusal> {
        if self.expires_at.is_some_and(|at| now >= at) {
            return Err(DownloadRefusal::Expired);
        }
        if self.downloads_remaining == Some(0) {
            return Err(DownloadRefusal::LimitReached);
        }
        Ok(())
    }
}

/// The grants for `lines` (each downloadable product once, however many units), with tokens
/// from `token`. A limit or expiry of zero or less is WooCommerce's "unlimited"/"never".
pub fn download_grants(
    order_id: OrderId,
    lines: &[OrderLine],
    products: &impl Fn(ProductId) -> Option<Product>,
    now: OffsetDateTime,
    mut token: impl FnMut() -> String,
) -> Vec<DownloadGrant> {
    let mut seen = Vec::new();
    let mut grants = Vec::new();
    for line in lines {
        if seen.contains(&line.product_id) {
            continue;
        }
        seen.push(line.product_id);
        let Some(product) = products(line.product_id) else {
            continue;
        };
        let variation_downloadable = line
            .variation_id
            .and_then(|id| product.variation(id))
            .is_some_and(|v| v.downloadable);
        if !(product.downloadable || variation_downloadable) {
            continue;
        }
        let remaining = product
            .download_limit
            .filter(|n| *n > 0)
            .map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        let expires_at = product
            .download_expiry_days
            .filter(|d| *d > 0)
            .map(|d| now + Duration::days(d));
        for file in &product.downloads {
            grants.push(DownloadGrant {
                token: token(),
                order_id,
                product_id: product.id,
                product_name: product.name.clone(),
                name: file.name.clone(),
                file: file.url.clone(),
                downloads_remaining: remaining,
                expires_at,
            });
        }
    }
    grants
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::catalogue::{Download, fixtures};
    use crate::money::{Currency, Money};

    fn line(product: i64) -> OrderLine {
        let m = Money::zero(Currency::USD);
        OrderLine {
            product_id: ProductId(product),
            variation_id: None,
            name: String::new(),
            quantity: 2,
            unit_price: m,
            subtotal: m,
            total: m,
            tax: m,
        }
    }

    #[test]
    fn downloadable_products_grant_each_file_once_with_their_limit_and_expiry() {
        let now = datetime!(2026-01-01 00:00 UTC);
        let mut album = fixtures::simple_product(1, "Album", 900);
        album.downloadable = true;
        album.downloads = vec![
            Download { name: "Track 1".into(), url: "track-1.mp3".into() },
            Download { name: "Track 2".into(), url: "track-2.mp3".into() },
        ];
        album.download_limit = Some(3);
        album.download_expiry_days = Some(7);
        let mut single = album.clone();
        single.id = ProductId(2);
        single.download_limit = Some(-1);
        single.download_expiry_days = None;
        single.downloads.truncate(1);
        let shirt = fixtures::simple_product(3, "Shirt", 100);
        let products = [album, single, shirt];
        let find = |id: ProductId| products.iter().find(|p| p.id == id).cloned();
        let mut n = 0;
        let grants = download_grants(
            OrderId(5),
            &[line(1), line(1), line(2), line(3)],
            &find,
            now,
            || {
                n += 1;
                format!("t{n}")
            },
        );
        let summary: Vec<_> = grants
            .iter()
            .map(|g| (g.token.as_str(), g.product_id.0, g.file.as_str(), g.downloads_remaining, g.expires_at))
            .collect();
        let week = Some(datetime!(2026-01-08 00:00 UTC));
        assert_eq!(
            summary,
            vec![
                ("t1", 1, "track-1.mp3", Some(3), week),
                ("t2", 1, "track-2.mp3", Some(3), week),
                ("t3", 2, "track-1.mp3", None, None),
            ]
        );
    }

    #[test]
    fn a_grant_refuses_at_its_expiry_and_at_zero_remaining() {
        let at = datetime!(2026-01-08 00:00 UTC);
        let grant = DownloadGrant {
            token: "t".into(),
            order_id: OrderId(1),
            product_id: ProductId(1),
            product_name: "Album".into(),
            name: "Track".into(),
            file: "f".into(),
            downloads_remaining: Some(1),
            expires_at: Some(at),
        };
        assert_eq!(grant.check(at - Duration::seconds(1)), Ok(()));
        assert_eq!(grant.check(at), Err(DownloadRefusal::Expired));
        let used = DownloadGrant { downloads_remaining: Some(0), expires_at: None, ..grant };
        assert_eq!(used.check(at), Err(DownloadRefusal::LimitReached));
    }
}
