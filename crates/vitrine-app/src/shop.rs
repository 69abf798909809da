//! The application: every port the use cases need, wired into the areas' services, and the
//! shop owner's policies. Cheap to clone.

use std::sync::Arc;
use std::time::Duration;

use time::OffsetDateTime;
use vitrine_domain::brake::BrakeStore;
use vitrine_domain::catalogue::Product;
use vitrine_domain::customer::CustomerStore;
use vitrine_domain::mail::Mailer;
use vitrine_domain::media::{MediaFiles, MediaStore};
use vitrine_domain::order::{DownloadFiles, OrderStore};
use vitrine_domain::payment::PaymentProvider;
use vitrine_domain::payment::saved::SavedMethodStore;
use vitrine_domain::ports::{
    AccountStore, CartStore, CatalogueStore, ContentStore, ReviewStore, SocialFeed,
};
use vitrine_domain::pricing::PricingSettingsStore;
use vitrine_domain::search::SearchIndex;

use crate::accounts::{AccountMail, Accounts};
use crate::brake::Brakes;
use crate::cart::Carts;
use crate::catalogue::{Catalogue, CatalogueCaches, ListingCachePolicy};
use crate::catalogue_version::CatalogueVersion;
use crate::checkout::{Checkout, CheckoutParts, CheckoutPolicy, CheckoutRules};
use crate::clock::Clock;
use crate::content::Content;
use crate::error::AppResult;
use crate::feed::Feed;
use crate::media::MediaLibrary;
use crate::my_account::MyAccount;
use crate::pages::{ProductPage, product_page};
use crate::payment_methods::{PaymentMethods, PaymentMethodsParts};
use crate::pricing::{Pricing, PricingPolicy, PricingSettings};
use crate::rates::RateRefresher;
use crate::read_cache::{ReadCache, ReadCachePolicy};
use crate::reviews::{ReviewPolicy, Reviews};
use crate::search::Search;
use crate::tracking::TrackingState;

/// Every adapter the use cases talk to. All are required: the binary passes the database's
/// adapters, tests pass a temporary database's.
pub struct Ports {
    pub catalogue: Arc<dyn CatalogueStore>,
    /// This instance's search index (kept in step by `Search`).
    pub search: Arc<dyn SearchIndex>,
    pub carts: Arc<dyn CartStore>,
    pub reviews: Arc<dyn ReviewStore>,
    pub accounts: Arc<dyn AccountStore>,
    pub content: Arc<dyn ContentStore>,
    /// Where brakes count attempts (logins, reviews, later sign-ups, password resets and card
    /// payments). It must be shared by every instance — the database — for a brake to hold
    /// across them.
    pub brakes: Arc<dyn BrakeStore>,
    /// The shop's social feed; `None` when the shop has not configured one.
    pub feed: Option<Arc<dyn SocialFeed>>,
    /// Server-side tracking over its store and settings; `None` when the shop turns it off.
    pub tracking: Option<TrackingState>,
    /// Exchange rates refreshed from a source (ADR 0013), which prices follow; `None` when
    /// the shop prices with its configured rates only.
    pub rates: Option<RateRefresher>,
    /// Currencies and discount rules saved through the API (issue 12), shared by every
    /// instance; they override the configuration file's.
    pub pricing_settings: Arc<dyn PricingSettingsStore>,
    /// Orders, their stock, payment attempts, webhook events, download grants and the mail
    /// outbox (ADR 0014).
    pub orders: Arc<dyn OrderStore>,
    /// Customers' saved addresses, and their orders and downloads by account (issue 15).
    pub customers: Arc<dyn CustomerStore>,
    /// The card payment provider chosen by configuration (test or Stripe).
    pub payments: Arc<dyn PaymentProvider>,
    /// Sends the outbox's e-mails (SMTP, or the file outbox).
    pub mailer: Arc<dyn Mailer>,
    /// The files of downloadable products.
    pub downloads: Arc<dyn DownloadFiles>,
    /// Saved cards and the accounts' provider customers (issue 15).
    pub saved_methods: Arc<dyn SavedMethodStore>,
    /// Uploaded media's records and files (ADR 0016).
    pub media: Arc<dyn MediaStore>,
    pub media_files: Arc<dyn MediaFiles>,
    pub clock: Clock,
}

/// The shop owner's choices the use cases apply.
#[derive(Debug, Clone)]
pub struct Policies {
    /// The currencies shoppers choose from (the base prices the catalogue) and the discount
    /// rules, checked (ADR 0012).
    pub pricing: PricingPolicy,
    /// Addresses, shipping, tax and how long unpaid orders hold stock (ADR 0014).
    pub checkout: CheckoutPolicy,
    pub reviews: ReviewPolicy,
    /// Related products on a product page (one grid row: the shop's columns).
    pub related_products: u32,
    /// How long the category tree, counts and tags are reused (ADR 0009); zero: never.
    pub taxonomy_ttl: Duration,
    /// How long decoded products are reused by carts and variation lookups; zero: never.
    pub product_ttl: Duration,
    /// How long a search waits for the index to catch up (a new index's first build) before
    /// answering `search_unavailable`.
    pub search_wait: Duration,
    /// Rendered catalogue reads kept per catalogue version (issue 16); off by default.
    pub read_cache: ReadCachePolicy,
    /// Listings' ids and filter counts kept per catalogue version (ADR 0020); off by default.
    pub listing_cache: ListingCachePolicy,
}

impl Default for Policies {
    fn default() -> Self {
        Self {
            pricing: PricingPolicy::base_only(vitrine_domain::money::Currency::USD),
            checkout: CheckoutPolicy::default(),
            reviews: ReviewPolicy::default(),
            related_products: 3,
            taxonomy_ttl: Duration::ZERO,
            product_ttl: Duration::ZERO,
            search_wait: crate::search::WAIT,
            read_cache: ReadCachePolicy::OFF,
            listing_cache: ListingCachePolicy::OFF,
        }
    }
}

#[derive(Clone)]
pub struct Shop {
    inner: Arc<Inner>,
}

struct Inner {
    catalogue: Catalogue,
    search: Search,
    read_cache: ReadCache,
    versions: CatalogueVersion,
    pricing: Pricing,
    pricing_settings: PricingSettings,
    carts: Carts,
    checkout: Checkout,
    my_account: MyAccount,
    payment_methods: PaymentMethods,
    reviews: Reviews,
    accounts: Accounts,
    content: Content,
    feed: Feed,
    media: MediaLibrary,
    brakes: Brakes,
    tracking: Option<TrackingState>,
    policies: Policies,
    clock: Clock,
}

impl Shop {
    pub fn new(ports: Ports, policies: Policies) -> Self {
        let clock = ports.clock;
        let versions =
            CatalogueVersion::new(Arc::clone(&ports.catalogue), policies.read_cache.poll);
        let catalogue = Catalogue::new(
            ports.catalogue,
            Arc::clone(&clock),
            CatalogueCaches {
                product_ttl: policies.product_ttl,
                taxonomy_ttl: policies.taxonomy_ttl,
                listings: policies.listing_cache,
                versions: versions.clone(),
            },
        );
        let search = Search::new(
            ports.search,
            catalogue.clone(),
            versions.clone(),
            policies.search_wait,
        );
        let brakes = Brakes::new(ports.brakes, Arc::clone(&clock));
        let pricing = Pricing::new(policies.pricing.clone(), ports.rates);
        let pricing_settings = PricingSettings::new(ports.pricing_settings, pricing.clone());
        let read_cache = ReadCache::new(
            versions.clone(),
            pricing.clone(),
            Arc::clone(&clock),
            policies.read_cache,
        );
        let reviews = Reviews::new(
            ports.reviews,
            catalogue.clone(),
            policies.reviews.clone(),
            brakes.clone(),
            Arc::clone(&clock),
        );
        let carts = Carts::new(
            ports.carts,
            catalogue.clone(),
            pricing.clone(),
            Arc::clone(&clock),
        );
        let rules: Arc<dyn CheckoutRules> = Arc::new(policies.checkout.clone());
        let payment_methods = PaymentMethods::new(PaymentMethodsParts {
            store: ports.saved_methods,
            payments: Arc::clone(&ports.payments),
            public_url: policies.checkout.public_url.clone(),
            clock: Arc::clone(&clock),
        });
        let checkout = Checkout::new(CheckoutParts {
            orders: ports.orders,
            customers: Arc::clone(&ports.customers),
            payments: ports.payments,
            mailer: Arc::clone(&ports.mailer),
            files: ports.downloads,
            rules: Arc::clone(&rules),
            policy: policies.checkout.clone(),
            catalogue: catalogue.clone(),
            carts: carts.clone(),
            pricing: pricing.clone(),
            brakes: brakes.clone(),
            tracking: ports.tracking.clone(),
            methods: payment_methods.clone(),
            clock: Arc::clone(&clock),
        });
        let my_account =
            MyAccount::new(ports.customers, checkout.clone(), rules, Arc::clone(&clock));
        Self {
            inner: Arc::new(Inner {
                carts,
                checkout,
                my_account,
                payment_methods,
                pricing,
                pricing_settings,
                accounts: Accounts::new(
                    ports.accounts,
                    brakes.clone(),
                    Arc::clone(&clock),
                    AccountMail {
                        mailer: ports.mailer,
                        shop_name: policies.checkout.shop_name.clone(),
                        public_url: policies.checkout.public_url.clone(),
                    },
                ),
                content: Content::new(ports.content, Arc::clone(&clock)),
                feed: Feed::new(ports.feed),
                media: MediaLibrary::new(ports.media, ports.media_files, Arc::clone(&clock)),
                brakes,
                tracking: ports.tracking,
                catalogue,
                search,
                read_cache,
                versions,
                reviews,
                policies,
                clock,
            }),
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        (self.inner.clock)()
    }

    pub fn policies(&self) -> &Policies {
        &self.inner.policies
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.inner.catalogue
    }

    /// Prices in the shopper's currency with the shop's discounts.
    pub fn search(&self) -> &Search {
        &self.inner.search
    }

    /// Rendered catalogue reads kept per catalogue version.
    pub fn read_cache(&self) -> &ReadCache {
        &self.inner.read_cache
    }

    /// The catalogue's change counter as this instance knows it (shared by the read cache and
    /// the search index).
    pub fn catalogue_version(&self) -> &CatalogueVersion {
        &self.inner.versions
    }

    pub fn pricing(&self) -> &Pricing {
        &self.inner.pricing
    }

    /// The currencies and discount rules staff read and replace through the API.
    pub fn pricing_settings(&self) -> &PricingSettings {
        &self.inner.pricing_settings
    }

    pub fn carts(&self) -> &Carts {
        &self.inner.carts
    }

    /// Checkout, orders and payments (ADR 0014).
    pub fn checkout(&self) -> &Checkout {
        &self.inner.checkout
    }

    /// The signed-in account's own orders, downloads and addresses (issue 15).
    pub fn my_account(&self) -> &MyAccount {
        &self.inner.my_account
    }

    /// Saved cards (issue 15).
    pub fn payment_methods(&self) -> &PaymentMethods {
        &self.inner.payment_methods
    }

    pub fn reviews(&self) -> &Reviews {
        &self.inner.reviews
    }

    pub fn accounts(&self) -> &Accounts {
        &self.inner.accounts
    }

    pub fn content(&self) -> &Content {
        &self.inner.content
    }

    pub fn feed(&self) -> &Feed {
        &self.inner.feed
    }

    /// Uploaded product images (ADR 0016).
    pub fn media_library(&self) -> &MediaLibrary {
        &self.inner.media
    }

    /// Makes an uploaded image a product's main image (staff who may edit products).
    pub async fn set_product_image(
        &self,
        user: &vitrine_domain::account::User,
        product: vitrine_domain::catalogue::ProductId,
        media: vitrine_domain::media::MediaId,
    ) -> AppResult<Product> {
        crate::product_image::set_product_image(
            &self.inner.catalogue,
            &self.inner.media,
            user,
            product,
            media,
        )
        .await
    }

    /// The shared brakes, for use cases that guard attempts of their own (sign-up, password
    /// reset, card payments: `vitrine_domain::brake::BrakeScope`).
    pub fn brakes(&self) -> &Brakes {
        &self.inner.brakes
    }

    /// Server-side tracking, when the shop has it on.
    pub fn tracking(&self) -> Option<&TrackingState> {
        self.inner.tracking.as_ref()
    }

    /// Everything a product page shows besides the product itself.
    pub async fn product_page(&self, product: &Product) -> AppResult<ProductPage> {
        let related = self.inner.policies.related_products;
        product_page(&self.inner.catalogue, &self.inner.reviews, product, related).await
    }
}

impl std::fmt::Debug for Shop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shop")
            .field("policies", &self.inner.policies)
            .finish_non_exhaustive()
    }
}
