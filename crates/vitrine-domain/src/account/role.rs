//! Roles and the capabilities the storefront checks (ADR 0010).

/// WordPress/WooCommerce's roles, stored by their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Administrator,
    ShopManager,
    Editor,
    Author,
    Customer,
}

/// What a role allows on the storefront.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Capabilities {
    /// Edit pages and their content blocks (WordPress `edit_pages`).
    pub edit_pages: bool,
    /// See the admin bar (WooCommerce shows it to users with `edit_posts` or
    /// `manage_woocommerce`, so not to customers).
    pub admin_bar: bool,
    /// See the shop while it is in coming-soon mode (`manage_woocommerce`).
    pub view_coming_soon: bool,
    /// Upload files to the media library (WordPress `upload_files`).
    pub upload_files: bool,
    /// Edit products, their images included (WooCommerce `edit_products`).
    pub edit_products: bool,
}

impl Role {
    pub const ALL: [Self; 5] = [
        Self::Administrator,
        Self::ShopManager,
        Self::Editor,
        Self::Author,
        Self::Customer,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Administrator => "administrator",
            Self::ShopManager => "shop_manager",
            Self::Editor => "editor",
            Self::Author => "author",
            Self::Customer => "customer",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == text)
    }

    pub fn capabilities(self) -> Capabilities {
        match self {
            Self::Administrator | Self::ShopManager => Capabilities {
                edit_pages: true,
                admin_bar: true,
                view_coming_soon: true,
                upload_files: true,
                edit_products: true,
            },
            Self::Editor => Capabilities {
                edit_pages: true,
                admin_bar: true,
                view_coming_soon: false,
                upload_files: true,
                edit_products: false,
            },
            Self::Author => Capabilities {
                edit_pages: false,
                admin_bar: true,
                view_coming_soon: false,
                upload_files: true,
                edit_products: false,
            },
            Self::Customer => Capabilities::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_by_name() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(Role::parse("Administrator"), None);
        assert_eq!(Role::parse("subscriber"), None);
    }

    #[test]
    fn page_editing_admin_bar_and_coming_soon_follow_wordpress() {
        let can = |r: Role| {
            let c = r.capabilities();
            (c.edit_pages, c.admin_bar, c.view_coming_soon)
        };
        assert_eq!(can(Role::Administrator), (true, true, true));
        assert_eq!(can(Role::ShopManager), (true, true, true));
        assert_eq!(can(Role::Editor), (true, true, false));
        assert_eq!(can(Role::Author), (false, true, false));
        assert_eq!(can(Role::Customer), (false, false, false));
    }

    #[test]
    fn only_administrators_and_shop_managers_upload_product_images() {
        let can = |r: Role| {
            let c = r.capabilities();
            (c.upload_files, c.edit_products)
        };
        assert_eq!(can(Role::Administrator), (true, true));
        assert_eq!(can(Role::ShopManager), (true, true));
        assert_eq!(can(Role::Editor), (true, false));
        assert_eq!(can(Role::Author), (true, false));
        assert_eq!(can(Role::Customer), (false, false));
    }
}
