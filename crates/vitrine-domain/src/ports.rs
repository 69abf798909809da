//! The storage ports the adapters implement. Async, object-safe, backend-neutral.

use async_trait::async_trait;
use time::OffsetDateTime;

use crate::account::{AccountDetails, Email, NewUser, User, UserId};
use crate::cart::{Cart, SessionId};
use crate::catalogue::{
    CategoryId, CategoryTree, FilterCounts, ImageId, LayeredFilter, ListingFilter, ListingPage,
    ListingQuery, ListingSort, Product, ProductId, ProductStats, Slug, Tag, TagId, VariationId,
};
use crate::content::{ContentBlock, FeedPost, FeedUnavailable};
use crate::review::{NewReview, Review, ReviewSummary};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    #[error(transparent)]
    Backend(Box<dyn std::error::Error + Send + Sync>),
}

/// What an upsert did to a stored product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpsertOutcome {
    Created,
    Updated,
    Unchanged,
}

/// Read side of the catalogue.
#[async_trait]
pub trait CatalogueStore: Send + Sync + 'static {
    async fn product_by_id(&self, id: ProductId) -> Result<Option<Product>, StoreError>;
    async fn product_by_slug(&self, slug: &Slug) -> Result<Option<Product>, StoreError>;
    /// In the order asked; unknown ids are skipped.
    async fn products_by_ids(&self, ids: &[ProductId]) -> Result<Vec<Product>, StoreError>;
    /// [`Self::products_by_ids`] read at once on the calling thread, where the store can do
    /// that without waiting (an embedded database's file, ADR 0041). `None` when it cannot
    /// now (no such reads, its connections in use, the database locked): the caller asks
    /// [`Self::products_by_ids`].
    fn products_by_ids_in_place(
        &self,
        _ids: &[ProductId],
    ) -> Option<Result<Vec<Product>, StoreError>> {
        None
    }
    /// Up to `limit` published products (of any catalogue visibility) that show `image` (as
    /// their own image or a variation's), in id order: the media route draws an image as its
    /// product (ADR 0044). Drafts and private products are left out here, not after the
    /// limit, so any number of them sharing an image never hides a published one.
    async fn products_with_image(
        &self,
        image: ImageId,
        limit: u32,
    ) -> Result<Vec<ProductId>, StoreError>;
    /// The variable product owning a variation.
    async fn product_of_variation(&self, id: VariationId) -> Result<Option<Product>, StoreError>;
    /// Published products matching the query, honouring catalogue visibility.
    async fn list_products(
        &self,
        query: &ListingQuery,
        now: OffsetDateTime,
    ) -> Result<ListingPage<Product>, StoreError>;
    async fn categories(&self) -> Result<CategoryTree, StoreError>;
    async fn tags(&self) -> Result<Vec<Tag>, StoreError>;
    async fn tag_by_slug(&self, slug: &Slug) -> Result<Option<Tag>, StoreError>;
    async fn count_products(&self) -> Result<u64, StoreError>;
    /// Listed products per category, descendants included, in one pass. Categories without
    /// products may be absent (count 0). `None` means the adapter has no bulk count.
    async fn category_product_counts(
        &self,
    ) -> Result<Option<std::collections::BTreeMap<CategoryId, u64>>, StoreError> {
        Ok(None)
    }
    /// Up to `limit` listed products sharing one of `categories` with `product` (not itself):
    /// the ones after it in id order, wrapping around — deterministic, and cheap on an index
    /// however large the category (WooCommerce picks at random and counts nothing).
    async fn related_products(
        &self,
        product: ProductId,
        categories: &[CategoryId],
        limit: u32,
    ) -> Result<Vec<Product>, StoreError>;
    /// Starts an all-or-nothing write of catalogue data (an import).
    async fn begin_import(&self) -> Result<Box<dyn CatalogueImport>, StoreError>;
    /// The catalogue's change counter: every product write commits a higher number, so a
    /// search index that saw number N catches up with `products_changed_since(N, …)`. An
    /// adapter without a counter answers 0 and offers no products to search.
    async fn catalogue_version(&self) -> Result<i64, StoreError> {
        Ok(0)
    }
    /// Products of any status written after change `version` (every product for 0), in id
    /// order after `after`, at most `limit`.
    async fn products_changed_since(
        &self,
        _version: i64,
        _after: ProductId,
        _limit: u32,
    ) -> Result<Vec<Product>, StoreError> {
        Ok(Vec::new())
    }
    /// Every listed product of `filter` under `layered`, in `sort`'s order: the ids that
    /// [`list_products`](Self::list_products) pages through, in the same order, so a page is
    /// a slice of them and the total their number. `None` means the adapter cannot (callers
    /// then page with `list_products`).
    async fn listing_order(
        &self,
        _filter: &ListingFilter,
        _layered: &LayeredFilter,
        _sort: ListingSort,
    ) -> Result<Option<Vec<ProductId>>, StoreError> {
        Ok(None)
    }
    /// The filter panel of a listing: each global attribute's terms with how many listed
    /// products of `filter` carry them under `layered` (an `or` attribute's own terms left
    /// out, see [`LayeredFilter::for_counting`]), and the span of their lowest prices without
    /// the price window. An adapter without attribute rows answers no counts.
    async fn filter_counts(
        &self,
        _filter: &ListingFilter,
        _layered: &LayeredFilter,
    ) -> Result<FilterCounts, StoreError> {
        Ok(FilterCounts::default())
    }
    /// Sales and ratings of these products (absent ones have none yet).
    async fn product_stats(
        &self,
        _ids: &[ProductId],
    ) -> Result<std::collections::HashMap<ProductId, ProductStats>, StoreError> {
        Ok(std::collections::HashMap::new())
    }
    /// Renames a category, raising the change counter of every product in it or below it
    /// (their search documents hold its name). False when there is no such category.
    async fn rename_category(&self, _id: CategoryId, _name: &str) -> Result<bool, StoreError> {
        Err(StoreError::Conflict(
            "this store cannot rename categories".into(),
        ))
    }
    /// Renames a tag, raising the change counter of every product carrying it. False when
    /// there is no such tag.
    async fn rename_tag(&self, _id: TagId, _name: &str) -> Result<bool, StoreError> {
        Err(StoreError::Conflict("this store cannot rename tags".into()))
    }
}

/// A catalogue write in one transaction: nothing is visible until `commit`, and dropping it
/// without committing changes nothing.
#[async_trait]
pub trait CatalogueImport: Send {
    /// The category named `name` under `parent`, created if missing.
    async fn ensure_category(
        &mut self,
        parent: Option<CategoryId>,
        name: &str,
    ) -> Result<CategoryId, StoreError>;
    /// The tag named `name`, created if missing.
    async fn ensure_tag(&mut self, name: &str) -> Result<TagId, StoreError>;
    /// The image with this source URL, registered if missing.
    async fn ensure_image(&mut self, source_url: &str) -> Result<ImageId, StoreError>;
    /// The product or variation carrying this SKU (they share one id space).
    async fn product_id_by_sku(&mut self, sku: &str) -> Result<Option<ProductId>, StoreError>;
    /// The stored product with this id as this transaction sees it, so that a re-import keeps
    /// its `created_at`, slug and variation ids and `upsert_product` finds nothing changed.
    /// The default knows no product (every re-import then rewrites `created_at`); stores
    /// override it.
    async fn existing_product(&mut self, id: ProductId) -> Result<Option<Product>, StoreError> {
        let _ = id;
        Ok(None)
    }
    /// A fresh id for a product or variation that arrives without one.
    async fn allocate_id(&mut self) -> Result<i64, StoreError>;
    /// A slug not used by any other product (`hoodie`, `hoodie-2`, …).
    async fn unique_slug(&mut self, wanted: &Slug, for_id: ProductId) -> Result<Slug, StoreError>;
    async fn upsert_product(&mut self, product: &Product) -> Result<UpsertOutcome, StoreError>;
    async fn commit(self: Box<Self>) -> Result<(), StoreError>;
}

/// A cart as stored, with the version it was read at (the compare-and-swap token for
/// [`CartStore::save_cart`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredCart {
    pub cart: Cart,
    pub version: i64,
}

/// What a compare-and-swap save did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CartSave {
    /// Written; the cart now has this version.
    Saved { version: i64 },
    /// Someone saved this session's cart since it was read: nothing was written. Load again,
    /// re-apply the change and retry.
    Conflict,
}

/// A session's cart read for writing (ADR 0008). Where the database locks rows (PostgreSQL),
/// no writer in any instance can save this cart between the read and `save`, so `save` never
/// conflicts; elsewhere `save` is a compare-and-swap on the version read and may answer
/// `Conflict`. Dropping it without saving writes nothing and releases the lock.
#[async_trait]
pub trait CartWrite: Send {
    /// The cart as read (under the lock where there is one); `None` when nothing is stored.
    fn stored(&self) -> Option<&StoredCart>;
    /// Stores `cart` and releases the lock.
    async fn save(self: Box<Self>, cart: &Cart) -> Result<CartSave, StoreError>;
}

/// Server-side carts keyed by session, shared by every server instance. Writes go through
/// [`CartStore::begin_write`]; [`CartStore::save_cart`] is the compare-and-swap underneath:
/// a save names the version it read and loses, without writing, to any save that landed in
/// between (ADR 0008).
#[async_trait]
pub trait CartStore: Send + Sync + 'static {
    /// Reads the session's cart for a write, serialising writers of one cart in the database
    /// where it can (see [`CartWrite`]).
    async fn begin_write(&self, session: &SessionId) -> Result<Box<dyn CartWrite>, StoreError>;
    /// A fresh session id (128 random bits). Nothing is stored until its first save.
    fn create_session(&self) -> SessionId;
    /// The session's cart, or `None` when nothing was ever saved for it.
    async fn load_cart(&self, session: &SessionId) -> Result<Option<StoredCart>, StoreError>;
    /// Stores `cart` if the stored version is still `expected_version`; 0 means "no cart
    /// stored yet" (the first save creates it).
    async fn save_cart(
        &self,
        session: &SessionId,
        cart: &Cart,
        expected_version: i64,
    ) -> Result<CartSave, StoreError>;
}

/// What adding reviews did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReviewsAdded {
    pub added: u64,
    /// Reviews whose `import_key` was already stored: left as they were.
    pub unchanged: u64,
}

/// Product reviews. Only approved reviews are listed or counted; emails are stored but no
/// method here is meant to put them in front of shoppers (the HTTP views leave them out).
#[async_trait]
pub trait ReviewStore: Send + Sync + 'static {
    /// Stores one review and answers it as stored (with its id).
    async fn add_review(&self, review: &NewReview) -> Result<Review, StoreError>;
    /// Stores every review or none (an import). A review whose `import_key` is already stored
    /// is skipped, so importing the same file twice adds nothing.
    async fn add_reviews(&self, reviews: &[NewReview]) -> Result<ReviewsAdded, StoreError>;
    /// Approved reviews of a product, newest first (ties: highest id first), at most `limit`.
    async fn approved_reviews(
        &self,
        product: ProductId,
        limit: u32,
    ) -> Result<Vec<Review>, StoreError>;
    /// Count and rating sum of a product's approved reviews.
    async fn review_summary(&self, product: ProductId) -> Result<ReviewSummary, StoreError>;
    /// The newest approved reviews across the shop rated at least `min_stars` (the home
    /// page's "What shoppers say").
    async fn highlights(&self, min_stars: u8, limit: u32) -> Result<Vec<Review>, StoreError>;
}

/// A user with the password hash the login check needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserCredentials {
    pub user: crate::account::User,
    /// PHC string (`$argon2id$…`).
    pub password_hash: String,
}

/// Users and their login sessions (ADR 0010). Session tokens reach the store only as their
/// SHA-256 (`token_hash`), so the table never holds a usable cookie.
#[async_trait]
pub trait AccountStore: Send + Sync + 'static {
    /// Adds a user; `Conflict` when the email is taken.
    async fn create_user(&self, user: &NewUser) -> Result<User, StoreError>;
    /// Sets the name, role and password of the user with this email, ending their sessions;
    /// `None` when there is no such user.
    async fn replace_user(&self, user: &NewUser) -> Result<Option<User>, StoreError>;
    async fn credentials(&self, email: &Email) -> Result<Option<UserCredentials>, StoreError>;
    async fn create_session(
        &self,
        token_hash: &[u8; 32],
        user: UserId,
        expires_at: OffsetDateTime,
    ) -> Result<(), StoreError>;
    /// The user of an unexpired session.
    async fn session_user(
        &self,
        token_hash: &[u8; 32],
        now: OffsetDateTime,
    ) -> Result<Option<User>, StoreError>;
    async fn delete_session(&self, token_hash: &[u8; 32]) -> Result<(), StoreError>;
    async fn set_coming_soon_banner_dismissed(
        &self,
        user: UserId,
        dismissed: bool,
    ) -> Result<(), StoreError>;
    /// Sets the names and e-mail of a user; `Conflict` when the e-mail is another user's,
    /// `None` when there is no such user.
    async fn update_details(
        &self,
        user: UserId,
        details: &AccountDetails,
    ) -> Result<Option<User>, StoreError>;
    /// The user's stored PHC password hash.
    async fn password_hash(&self, user: UserId) -> Result<Option<String>, StoreError>;
    /// Sets a new password hash and ends every session of the user but `keep` (this
    /// browser's), and any pending password reset; one transaction.
    async fn set_password(
        &self,
        user: UserId,
        password_hash: &str,
        keep: Option<&[u8; 32]>,
    ) -> Result<(), StoreError>;
    /// Stores a password reset (only the SHA-256 of its token), replacing the user's
    /// previous one: a user has at most one live reset link.
    async fn save_password_reset(
        &self,
        token_hash: &[u8; 32],
        user: UserId,
        expires_at: OffsetDateTime,
    ) -> Result<(), StoreError>;
    /// The user a reset token belongs to and when it expires (expired ones too; the caller
    /// tells the two apart), without using it up.
    async fn password_reset(
        &self,
        token_hash: &[u8; 32],
    ) -> Result<Option<(User, OffsetDateTime)>, StoreError>;
    /// Uses a reset: removes it if it is still live at `now` and, in the same transaction,
    /// sets the password and ends all the user's sessions. `None` when the token is unknown,
    /// already used or expired (a second use of one link never works).
    async fn use_password_reset(
        &self,
        token_hash: &[u8; 32],
        password_hash: &str,
        now: OffsetDateTime,
    ) -> Result<Option<User>, StoreError>;
}

/// The owner's edits of content blocks; blocks never saved come from their defaults.
#[async_trait]
pub trait ContentStore: Send + Sync + 'static {
    async fn block(&self, slug: &str) -> Result<Option<ContentBlock>, StoreError>;
    async fn save_block(&self, block: &ContentBlock) -> Result<(), StoreError>;
}

/// The shop's social feed (the Instagram block): the recent posts, cached by the adapter.
#[async_trait]
pub trait SocialFeed: Send + Sync + 'static {
    async fn recent_posts(&self) -> Result<std::sync::Arc<[FeedPost]>, FeedUnavailable>;
}
