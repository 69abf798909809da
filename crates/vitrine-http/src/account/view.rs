//! The account as the browser sees it.

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use vitrine_domain::account::User;

use super::AuthToken;

/// The logged-in user, with the nonce their REST calls must carry.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AccountView {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    /// WooCommerce's account first and last name ("Account details"); blank until given.
    pub first_name: String,
    pub last_name: String,
    pub role: RoleView,
    pub capabilities: CapabilitiesView,
    /// Send as `X-WP-Nonce` on authenticated calls; valid 12–24 hours.
    pub nonce: String,
    /// Show the coming-soon banner: the shop is in coming-soon mode, this user may see it and
    /// has not dismissed the banner.
    pub coming_soon_banner: bool,
}

/// WordPress/WooCommerce roles.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoleView {
    Administrator,
    ShopManager,
    Editor,
    Author,
    Customer,
}

/// What the user may do on the storefront.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct CapabilitiesView {
    /// Edit links on content blocks; the reduced-motion note.
    pub edit_pages: bool,
    /// The admin bar, and the Instagram error notice.
    pub admin_bar: bool,
    /// The shop while it is in coming-soon mode.
    pub view_coming_soon: bool,
}

impl AccountView {
    pub fn new(user: &User, token: &AuthToken, now: OffsetDateTime, coming_soon: bool) -> Self {
        use vitrine_domain::account::Role;
        let caps = user.capabilities();
        Self {
            id: user.id.0,
            email: user.email.to_string(),
            display_name: user.display_name.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            role: match user.role {
                Role::Administrator => RoleView::Administrator,
                Role::ShopManager => RoleView::ShopManager,
                Role::Editor => RoleView::Editor,
                Role::Author => RoleView::Author,
                Role::Customer => RoleView::Customer,
            },
            capabilities: CapabilitiesView {
                edit_pages: caps.edit_pages,
                admin_bar: caps.admin_bar,
                view_coming_soon: caps.view_coming_soon,
            },
            nonce: token.nonce(now),
            coming_soon_banner: coming_soon
                && caps.view_coming_soon
                && !user.coming_soon_banner_dismissed,
        }
    }
}
