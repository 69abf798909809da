//! The shared state every handler receives: the application (`vitrine_app::Shop`, which holds
//! every port), the shop's settings, and the artwork index.

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use vitrine_app::Shop;
use vitrine_app::catalogue::Taxonomy;
use vitrine_app::pricing::Pricer;

use crate::artwork::MediaIndex;
use crate::settings::ShopSettings;
use crate::views::{CategoryView, Prices, ViewContext};

/// Cheap to clone: everything sits behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

/// The category views made from one taxonomy snapshot.
type MenuViews = (Arc<Taxonomy>, Arc<[CategoryView]>);

struct Inner {
    shop: Shop,
    settings: ShopSettings,
    media: MediaIndex,
    /// The menu's category views, made once per taxonomy snapshot (the application reuses a
    /// snapshot for its TTL, and every page shows the menu).
    categories: Mutex<Option<MenuViews>>,
}

impl AppState {
    /// The web layer over an application built with all its ports.
    pub fn new(shop: Shop, settings: ShopSettings) -> Self {
        Self {
            inner: Arc::new(Inner {
                shop,
                settings,
                media: MediaIndex::default(),
                categories: Mutex::new(None),
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

    pub fn now(&self) -> OffsetDateTime {
        self.inner.shop.now()
    }

    pub(crate) fn media(&self) -> &MediaIndex {
        &self.inner.media
    }

    /// A view context in `pricer`'s currency at the current time.
    pub fn view_context<'a>(&'a self, pricer: &'a Pricer) -> ViewContext<'a> {
        ViewContext {
            settings: self.settings(),
            pricer,
            prices: Prices {
                format: pricer.format(),
                currency: pricer.currency(),
            },
            now: self.now(),
        }
    }

    /// Every category of `taxonomy` with its count, as the menu shows them.
    pub(crate) fn category_views(&self, taxonomy: &Arc<Taxonomy>) -> Arc<[CategoryView]> {
        let mut kept = self
            .inner
            .categories
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((snapshot, views)) = kept.as_ref()
            && Arc::ptr_eq(snapshot, taxonomy)
        {
            return Arc::clone(views);
        }
        let tree = &taxonomy.tree;
        let views: Arc<[CategoryView]> = tree
            .all()
            .iter()
            .map(|c| CategoryView::new(tree, c, taxonomy.count(c.id)))
            .collect();
        *kept = Some((Arc::clone(taxonomy), Arc::clone(&views)));
        views
    }
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("settings", &self.inner.settings)
            .finish_non_exhaustive()
    }
}
