//! Typed identifiers. Numeric, like WooCommerce's post ids, so imported links keep working.

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id_type!(
    /// A product (any type).
    ProductId
);
id_type!(
    /// A variation of a variable product; shares WooCommerce's id space with products.
    VariationId
);
id_type!(
    /// A product category.
    CategoryId
);
id_type!(
    /// A product tag.
    TagId
);
id_type!(
    /// A catalogue image.
    ImageId
);
