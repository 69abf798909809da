//! The tracked event names and how each ad platform spells them (spec §9, research §3.7, §6).

use std::fmt;
use std::str::FromStr;

/// Every event name the intake accepts: Meta's standard e-commerce events plus PixelYourSite's
/// automatic (dynamic) events. Anything else is rejected as `invalid_event`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventName {
    PageView,
    ViewContent,
    ViewCategory,
    AddToCart,
    AddToWishList,
    InitiateCheckout,
    AddPaymentInfo,
    Purchase,
    Lead,
    CompleteRegistration,
    Search,
    /// PYS `PageScroll`; `Scroll` is accepted as the same event.
    PageScroll,
    TimeOnPage,
    ClickEvent,
    Download,
    Form,
    Comment,
    WatchVideo,
    Signup,
    Login,
}

const ALL: [(EventName, &str); 20] = [
    (EventName::PageView, "PageView"),
    (EventName::ViewContent, "ViewContent"),
    (EventName::ViewCategory, "ViewCategory"),
    (EventName::AddToCart, "AddToCart"),
    (EventName::AddToWishList, "AddToWishList"),
    (EventName::InitiateCheckout, "InitiateCheckout"),
    (EventName::AddPaymentInfo, "AddPaymentInfo"),
    (EventName::Purchase, "Purchase"),
    (EventName::Lead, "Lead"),
    (EventName::CompleteRegistration, "CompleteRegistration"),
    (EventName::Search, "Search"),
    (EventName::PageScroll, "PageScroll"),
    (EventName::TimeOnPage, "TimeOnPage"),
    (EventName::ClickEvent, "ClickEvent"),
    (EventName::Download, "Download"),
    (EventName::Form, "Form"),
    (EventName::Comment, "Comment"),
    (EventName::WatchVideo, "WatchVideo"),
    (EventName::Signup, "Signup"),
    (EventName::Login, "Login"),
];

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown event name {0:?}")]
pub struct UnknownEventName(pub String);

impl FromStr for EventName {
    type Err = UnknownEventName;
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            // Meta's own spelling and the short scroll name the browser may use.
            "AddToWishlist" => Ok(Self::AddToWishList),
            "Scroll" => Ok(Self::PageScroll),
            // The storefront names link clicks by direction.
            "InternalClick" | "OutboundClick" => Ok(Self::ClickEvent),
            _ => ALL
                .iter()
                .find(|(_, text)| *text == name)
                .map(|(event, _)| *event)
                .ok_or_else(|| UnknownEventName(name.to_owned())),
        }
    }
}

impl EventName {
    /// The canonical (PixelYourSite) name, as stored in the event ledger.
    pub fn as_str(self) -> &'static str {
        ALL.iter()
            .find(|(e, _)| *e == self)
            .map_or("PageView", |(_, text)| text)
    }

    /// Events only the shop reports, never the browser: a `Purchase` is revenue, and revenue
    /// comes from the paid order (Checkout), not from what a page claims. The intake refuses
    /// them from the browser; the order flow records them (`TrackingState::record_server_event`).
    pub fn is_server_only(self) -> bool {
        matches!(self, Self::Purchase)
    }

    /// Meta's name: standard events as Meta spells them, the others as custom events.
    pub fn meta_name(self) -> &'static str {
        match self {
            Self::AddToWishList => "AddToWishlist",
            other => other.as_str(),
        }
    }

    /// TikTok's standard event, or `None` when TikTok has no equivalent (not sent there).
    pub fn tiktok_name(self) -> Option<&'static str> {
        Some(match self {
            Self::ViewContent => "ViewContent",
            Self::AddToCart => "AddToCart",
            Self::AddToWishList => "AddToWishlist",
            Self::InitiateCheckout => "InitiateCheckout",
            Self::AddPaymentInfo => "AddPaymentInfo",
            Self::Purchase => "CompletePayment",
            Self::Lead | Self::Form => "SubmitForm",
            Self::CompleteRegistration | Self::Signup => "CompleteRegistration",
            Self::Search => "Search",
            Self::Download => "Download",
            Self::ClickEvent => "ClickButton",
            _ => return None,
        })
    }

    /// The GA4 name: spec §9 for the e-commerce events, GA4's enhanced-measurement names for
    /// the automatic ones, snake_case for the rest.
    pub fn ga4_name(self) -> &'static str {
        match self {
            Self::PageView => "page_view",
            Self::ViewContent => "view_item",
            Self::ViewCategory => "view_item_list",
            Self::AddToCart => "add_to_cart",
            Self::AddToWishList => "add_to_wishlist",
            Self::InitiateCheckout => "begin_checkout",
            Self::AddPaymentInfo => "set_checkout_option",
            Self::Purchase => "purchase",
            Self::Lead => "generate_lead",
            Self::CompleteRegistration | Self::Signup => "sign_up",
            Self::Search => "search",
            Self::PageScroll => "scroll",
            Self::TimeOnPage => "time_on_page",
            Self::ClickEvent => "click",
            Self::Download => "file_download",
            Self::Form => "form_submit",
            Self::Comment => "comment",
            Self::WatchVideo => "video_progress",
            Self::Login => "login",
        }
    }
}

impl fmt::Display for EventName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ga4_names_follow_the_spec_mapping() {
        let expected = [
            ("ViewContent", "view_item"),
            ("AddToCart", "add_to_cart"),
            ("AddToWishList", "add_to_wishlist"),
            ("InitiateCheckout", "begin_checkout"),
            ("Purchase", "purchase"),
            ("Lead", "generate_lead"),
            ("CompleteRegistration", "sign_up"),
            ("AddPaymentInfo", "set_checkout_option"),
        ];
        for (name, ga4) in expected {
            assert_eq!(
                name.parse::<EventName>().map(EventName::ga4_name),
                Ok(ga4),
                "{name}"
            );
        }
    }

    #[test]
    fn every_canonical_name_round_trips() {
        for (event, text) in ALL {
            assert_eq!(text.parse::<EventName>(), Ok(event));
            assert_eq!(event.as_str(), text);
        }
    }

    #[test]
    fn meta_spelling_of_wishlist_and_short_scroll_are_accepted() {
        assert_eq!("AddToWishlist".parse(), Ok(EventName::AddToWishList));
        assert_eq!(EventName::AddToWishList.meta_name(), "AddToWishlist");
        assert_eq!("Scroll".parse(), Ok(EventName::PageScroll));
        assert_eq!("InternalClick".parse(), Ok(EventName::ClickEvent));
        assert_eq!("OutboundClick".parse(), Ok(EventName::ClickEvent));
    }

    #[test]
    fn unknown_and_differently_cased_names_are_rejected() {
        for bad in ["pageview", "Purchase ", "", "DropTable"] {
            assert!(bad.parse::<EventName>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn only_purchase_is_reserved_for_the_shop() {
        let reserved: Vec<EventName> = ALL
            .iter()
            .map(|(e, _)| *e)
            .filter(|e| e.is_server_only())
            .collect();
        assert_eq!(reserved, [EventName::Purchase]);
    }

    #[test]
    fn purchase_is_complete_payment_on_tiktok_and_page_scroll_is_not_sent() {
        assert_eq!(EventName::Purchase.tiktok_name(), Some("CompletePayment"));
        assert_eq!(EventName::PageScroll.tiktok_name(), None);
    }
}
