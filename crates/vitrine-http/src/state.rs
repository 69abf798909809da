//! The shared state every handler receives: the application (`vitrine_app::Shop`, which holds
//! every port), the shop's settings and price format, and the artwork index.

use std::sync::Arc;

use time::OffsetDateTime;
use vitrine_app::Shop;
use vitrine_domain::money::PriceFormat;

use crate::artwork::MediaIndex;
use crate::settings::ShopSettings;

/// Cheap to clone: everything sits behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    shop: Shop,
    settings: ShopSettings,
    price_format: PriceFormat,
    media: MediaIndex,
}

impl AppState {
    /// The web layer over an application built with all its ports.
    pub fn new(shop: Shop, settings: ShopSettings) -> Self {
        let price_format = settings.price_format();
        Self {
            inner: Arc::new(Inner {
                shop,
                settings,
                price_format,
                media: MediaIndex::default(),
            }),
        }
    }

    /// The use cases.
    pub fn shop(&self) -> &Shop {
        &self.inner.shop
    }

    pub fn settings(&self) -> &ShopSettings {
        &self.inner.settings
    }

    pub fn price_format(&self) -> &PriceFormat {
        &self.inner.price_format
    }

    pub fn now(&self) -> OffsetDateTime {
        self.inner.shop.now()
    }

    pub(crate) fn media(&self) -> &MediaIndex {
        &self.inner.media
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("settings", &self.inner.settings)
            .finish_non_exhaustive()
    }
}
