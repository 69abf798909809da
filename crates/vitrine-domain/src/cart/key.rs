//! cart_item_key: a stable hash of what a line is (product, variation, chosen attributes), so the
//! same item added twice lands on the same line, in any server instance.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::catalogue::{ProductId, VariationId};
use crate::hex_id::is_lower_hex;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CartItemKey(String);

impl CartItemKey {
    pub fn compute(
        product: ProductId,
        variation: Option<VariationId>,
        attributes: &[(String, String)],
    ) -> Self {
        let mut sorted: Vec<_> = attributes.iter().collect();
        sorted.sort();
        let mut hasher = Sha256::new();
        hasher.update(product.0.to_le_bytes());
        hasher.update(variation.map_or(0, |v| v.0).to_le_bytes());
        for (name, value) in sorted {
            hasher.update((name.len() as u64).to_le_bytes());
            hasher.update(name.as_bytes());
            hasher.update((value.len() as u64).to_le_bytes());
            hasher.update(value.as_bytes());
        }
        // 32 hex characters, the length of WooCommerce's md5 keys.
        Self(hex::encode(&hasher.finalize()[..16]))
    }

    /// Accepts a key sent back by the browser (32 lowercase hex characters).
    pub fn parse(text: &str) -> Option<Self> {
        is_lower_hex(text, 32).then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_item_always_gets_the_same_key_whatever_the_attribute_order() {
        let a = vec![
            ("color".to_owned(), "Red".to_owned()),
            ("size".to_owned(), "Large".to_owned()),
        ];
        let b = vec![a[1].clone(), a[0].clone()];
        let k1 = CartItemKey::compute(ProductId(44), Some(VariationId(76)), &a);
        assert_eq!(
            k1,
            CartItemKey::compute(ProductId(44), Some(VariationId(76)), &b)
        );
        assert_ne!(
            k1,
            CartItemKey::compute(ProductId(44), Some(VariationId(77)), &a)
        );
        assert_eq!(k1.as_str().len(), 32);
        assert_eq!(CartItemKey::parse(k1.as_str()), Some(k1));
    }

    #[test]
    fn malformed_keys_are_rejected() {
        assert!(CartItemKey::parse("nope").is_none());
        assert!(CartItemKey::parse(&"Z".repeat(32)).is_none());
    }
}
