//! The static events the server ships with each storefront page (spec §3 "Tracking options":
//! static events with name, params and providers): ViewContent on a product, ViewCategory and
//! GA4's item list on listings, Search on results, GA4's view_cart on the cart.
//!
//! Pages are kept in a read cache keyed by currency, so these events are the same for every
//! visitor of one currency: nothing personal goes in, and no event id either (the browser
//! gives each send its own, shared by its pixels and its server copy).

use serde::Serialize;
use utoipa::ToSchema;

/// GA4's item list event (`view_item_list`) for lists that are not a category (shop, search).
pub const VIEW_ITEM_LIST: &str = "ViewItemList";
/// GA4's `view_cart`.
pub const VIEW_CART: &str = "ViewCart";

/// One product as a page shows it: the price is the lowest unit price in minor units of the
/// page's currency (none when the product has no price).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageProduct {
    pub id: i64,
    pub name: String,
    pub price_minor: Option<i64>,
    /// The first category's name (product pages).
    pub category: Option<String>,
}

/// Which list a listing page shows, with its slug (category path or tag slug) or search text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListKind {
    Shop,
    Category(String),
    Tag(String),
    Search(String),
}

impl ListKind {
    /// The list's GA4 id, as the browser's `productListOf` and the `productlist` cookie name
    /// it: `shop`, `category_<slug>`, `tag_<slug>`, `search`.
    pub fn list_id(&self) -> String {
        match self {
            Self::Shop => "shop".to_owned(),
            Self::Category(slug) => format!("category_{slug}"),
            Self::Tag(slug) => format!("tag_{slug}"),
            Self::Search(_) => "search".to_owned(),
        }
    }
}

/// What a page is, as far as its static events go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageFacts {
    Product(PageProduct),
    /// A listing page: its kind, title (the list's name), the products shown and the position
    /// of the first one in the whole list (0 on page 1).
    Listing {
        kind: ListKind,
        title: String,
        products: Vec<PageProduct>,
        first_index: u32,
    },
    Cart,
    /// Any other page: no static event besides the browser's page view.
    Other,
}

/// One product line of a static event; `price` in minor units of the event's currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StaticEventItem {
    pub id: String,
    pub name: String,
    #[schema(required = true)]
    pub price: Option<i64>,
    pub quantity: u32,
    /// Position in the list (listings only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_list_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_list_name: Option<String>,
}

/// A static event of a page (spec §3). `name` is the canonical name (`ViewContent`,
/// `ViewCategory`, `ViewItemList`, `Search`, `ViewCart`) each provider translates; amounts are
/// integer minor units of `currency`, the page's display currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StaticEvent {
    pub name: String,
    /// Only these providers get it (`["ga4"]` for GA4's own list and cart events); empty for
    /// every provider.
    pub providers: Vec<String>,
    pub currency: String,
    /// Total in minor units; null when the event has no value.
    #[schema(required = true)]
    pub value: Option<i64>,
    pub items: Vec<StaticEventItem>,
    /// The search text (Search).
    #[schema(required = true)]
    pub search_term: Option<String>,
    /// Google dynamic remarketing page type: product, category, searchresults, cart.
    pub page_type: String,
}

impl StaticEvent {
    fn new(name: &str, currency: &str, page_type: &str) -> Self {
        Self {
            name: name.to_owned(),
            providers: Vec::new(),
            currency: currency.to_owned(),
            value: None,
            items: Vec::new(),
            search_term: None,
            page_type: page_type.to_owned(),
        }
    }

    fn ga4_only(mut self) -> Self {
        self.providers = vec!["ga4".to_owned()];
        self
    }
}

/// The static events of a page whose prices are in `currency`.
pub fn static_events(page: &PageFacts, currency: &str) -> Vec<StaticEvent> {
    match page {
        PageFacts::Product(product) => view_content(product, currency).into_iter().collect(),
        PageFacts::Listing {
            kind,
            title,
            products,
            first_index,
        } => listing_events(kind, title, products, *first_index, currency),
        PageFacts::Cart => vec![StaticEvent::new(VIEW_CART, currency, "cart").ga4_only()],
        PageFacts::Other => Vec::new(),
    }
}

/// ViewContent for a priced product; the list it was selected from is the browser's to add
/// (the `select_prod_list` cookie is the visitor's, not the page's).
fn view_content(product: &PageProduct, currency: &str) -> Option<StaticEvent> {
    let price = product.price_minor?;
    let mut event = StaticEvent::new("ViewContent", currency, "product");
    event.value = Some(price);
    event.items = vec![StaticEventItem {
        id: product.id.to_string(),
        name: product.name.clone(),
        price: Some(price),
        quantity: 1,
        index: None,
        category: product.category.clone(),
        item_list_id: None,
        item_list_name: None,
    }];
    Some(event)
}

fn listing_events(
    kind: &ListKind,
    title: &str,
    products: &[PageProduct],
    first_index: u32,
    currency: &str,
) -> Vec<StaticEvent> {
    let list_id = kind.list_id();
    let items: Vec<StaticEventItem> = products
        .iter()
        .zip(first_index..)
        .map(|(product, index)| StaticEventItem {
            id: product.id.to_string(),
            name: product.name.clone(),
            price: product.price_minor,
            quantity: 1,
            index: Some(index),
            category: None,
            item_list_id: Some(list_id.clone()),
            item_list_name: Some(title.to_owned()),
        })
        .collect();
    match kind {
        // ViewCategory is GA4's view_item_list already (spec §9 names).
        ListKind::Category(_) | ListKind::Tag(_) => {
            let mut event = StaticEvent::new("ViewCategory", currency, "category");
            event.items = items;
            vec![event]
        }
        ListKind::Shop => {
            let mut event = StaticEvent::new(VIEW_ITEM_LIST, currency, "category").ga4_only();
            event.items = items;
            vec![event]
        }
        ListKind::Search(term) => {
            let mut search = StaticEvent::new("Search", currency, "searchresults");
            search.search_term = Some(term.clone());
            let mut list = StaticEvent::new(VIEW_ITEM_LIST, currency, "searchresults").ga4_only();
            list.items = items;
            vec![search, list]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(id: i64, name: &str, price: Option<i64>) -> PageProduct {
        PageProduct {
            id,
            name: name.to_owned(),
            price_minor: price,
            category: None,
        }
    }

    fn listed(
        id: &str,
        name: &str,
        price: Option<i64>,
        index: u32,
        list: (&str, &str),
    ) -> StaticEventItem {
        StaticEventItem {
            id: id.to_owned(),
            name: name.to_owned(),
            price,
            quantity: 1,
            index: Some(index),
            category: None,
            item_list_id: Some(list.0.to_owned()),
            item_list_name: Some(list.1.to_owned()),
        }
    }

    fn listing(kind: ListKind, title: &str, first_index: u32) -> PageFacts {
        PageFacts::Listing {
            kind,
            title: title.to_owned(),
            products: vec![
                product(7, "Hoodie", Some(4200)),
                product(9, "Gift card", None),
            ],
            first_index,
        }
    }

    #[test]
    fn a_product_page_has_view_content_with_its_price_in_the_page_currency() {
        let mut hoodie = product(7, "Hoodie", Some(3570));
        hoodie.category = Some("Clothing".to_owned());
        let events = static_events(&PageFacts::Product(hoodie), "EUR");
        assert_eq!(
            events,
            vec![StaticEvent {
                name: "ViewContent".to_owned(),
                providers: vec![],
                currency: "EUR".to_owned(),
                value: Some(3570),
                items: vec![StaticEventItem {
                    id: "7".to_owned(),
                    name: "Hoodie".to_owned(),
                    price: Some(3570),
                    quantity: 1,
                    index: None,
                    category: Some("Clothing".to_owned()),
                    item_list_id: None,
                    item_list_name: None,
                }],
                search_term: None,
                page_type: "product".to_owned(),
            }]
        );
    }

    #[test]
    fn a_product_without_a_price_has_no_view_content() {
        assert_eq!(
            static_events(&PageFacts::Product(product(7, "Hoodie", None)), "USD"),
            vec![]
        );
    }

    #[test]
    fn the_shop_page_has_ga4_view_item_list_with_its_items_in_order() {
        let events = static_events(&listing(ListKind::Shop, "Shop", 0), "USD");
        let mut expected = StaticEvent::new("ViewItemList", "USD", "category");
        expected.providers = vec!["ga4".to_owned()];
        expected.items = vec![
            listed("7", "Hoodie", Some(4200), 0, ("shop", "Shop")),
            listed("9", "Gift card", None, 1, ("shop", "Shop")),
        ];
        assert_eq!(events, vec![expected]);
    }

    #[test]
    fn a_later_page_numbers_its_items_from_their_place_in_the_list() {
        let events = static_events(&listing(ListKind::Shop, "Shop", 12), "USD");
        let indexes: Vec<_> = events[0].items.iter().map(|i| i.index).collect();
        assert_eq!(indexes, vec![Some(12), Some(13)]);
    }

    #[test]
    fn category_and_tag_pages_have_view_category_for_every_provider() {
        let category = ListKind::Category("clothing/hoodies".to_owned());
        let events = static_events(&listing(category, "Hoodies", 0), "USD");
        let mut expected = StaticEvent::new("ViewCategory", "USD", "category");
        expected.items = vec![
            listed(
                "7",
                "Hoodie",
                Some(4200),
                0,
                ("category_clothing/hoodies", "Hoodies"),
            ),
            listed(
                "9",
                "Gift card",
                None,
                1,
                ("category_clothing/hoodies", "Hoodies"),
            ),
        ];
        assert_eq!(events, vec![expected]);

        let tag = static_events(&listing(ListKind::Tag("sale".to_owned()), "Sale", 0), "GBP");
        assert_eq!(tag[0].name, "ViewCategory");
        assert_eq!(tag[0].providers, Vec::<String>::new());
        assert_eq!(tag[0].currency, "GBP");
        assert_eq!(tag[0].items[0].item_list_id.as_deref(), Some("tag_sale"));
        assert_eq!(tag[0].items[0].item_list_name.as_deref(), Some("Sale"));
    }

    #[test]
    fn search_results_have_search_with_the_term_then_the_ga4_item_list() {
        let kind = ListKind::Search("hood".to_owned());
        let events = static_events(&listing(kind, "Search results: “hood”", 0), "USD");
        let mut search = StaticEvent::new("Search", "USD", "searchresults");
        search.search_term = Some("hood".to_owned());
        let mut list = StaticEvent::new("ViewItemList", "USD", "searchresults");
        list.providers = vec!["ga4".to_owned()];
        let name = "Search results: “hood”";
        list.items = vec![
            listed("7", "Hoodie", Some(4200), 0, ("search", name)),
            listed("9", "Gift card", None, 1, ("search", name)),
        ];
        assert_eq!(events, vec![search, list]);
    }

    #[test]
    fn the_cart_page_has_ga4_view_cart_without_the_visitors_lines() {
        let events = static_events(&PageFacts::Cart, "USD");
        let mut expected = StaticEvent::new("ViewCart", "USD", "cart");
        expected.providers = vec!["ga4".to_owned()];
        assert_eq!(events, vec![expected]);
        assert_eq!(static_events(&PageFacts::Other, "USD"), vec![]);
    }

    #[test]
    fn list_ids_are_named_as_the_browser_names_them() {
        assert_eq!(ListKind::Shop.list_id(), "shop");
        assert_eq!(ListKind::Search("x".into()).list_id(), "search");
        assert_eq!(ListKind::Category("a/b".into()).list_id(), "category_a/b");
        assert_eq!(ListKind::Tag("sale".into()).list_id(), "tag_sale");
    }
}
