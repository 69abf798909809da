//! The feed's posts, and how the Graph API's media objects become them.

use serde::Deserialize;
use serde_json::Value;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use url::Url;
use vitrine_domain::content::{FeedMediaType, FeedPost};

/// One post as the storefront shows it: the domain's feed post (a square image linking to
/// the post on Instagram).
pub type InstagramPost = FeedPost;

/// The kinds of media shown; other kinds are skipped (their `media_url` may not be an image).
pub type MediaType = FeedMediaType;

fn media_type_from_graph(value: &str) -> Option<MediaType> {
    match value {
        "IMAGE" => Some(MediaType::Image),
        "VIDEO" => Some(MediaType::Video),
        "CAROUSEL_ALBUM" => Some(MediaType::CarouselAlbum),
        _ => None,
    }
}

/// A media object as `GET /me/media` lists it; every field is optional there.
#[derive(Debug, Deserialize)]
struct GraphMedia {
    id: Option<String>,
    caption: Option<String>,
    media_type: Option<String>,
    media_url: Option<String>,
    thumbnail_url: Option<String>,
    permalink: Option<String>,
    timestamp: Option<String>,
}

/// The posts in a `{ "data": [...] }` answer, in order, skipping media the storefront cannot
/// show (unknown kind, no image, no http(s) link, malformed entry).
pub(crate) fn posts_from_graph(data: Vec<Value>) -> Vec<InstagramPost> {
    data.into_iter()
        .filter_map(|item| {
            let media = serde_json::from_value::<GraphMedia>(item).ok()?;
            let post = post_from_graph(media);
            if post.is_none() {
                tracing::debug!("skipped an Instagram media object the feed cannot show");
            }
            post
        })
        .collect()
}

/// A post the storefront can show, or `None` for media it cannot.
fn post_from_graph(media: GraphMedia) -> Option<InstagramPost> {
    let media_type = media_type_from_graph(media.media_type.as_deref()?)?;
    let image = match media_type {
        MediaType::Video => media.thumbnail_url,
        MediaType::Image | MediaType::CarouselAlbum => media.media_url,
    };
    Some(InstagramPost {
        id: non_empty(media.id)?,
        caption: non_empty(media.caption),
        media_type,
        image_url: http_url(image)?,
        permalink: http_url(media.permalink)?,
        timestamp: media.timestamp.as_deref().and_then(parse_timestamp),
    })
}

fn non_empty(value: Option<String>) -> Option<String> {
    value.filter(|v| !v.trim().is_empty())
}

/// Only http(s) addresses: these end up in `href` and `src` attributes.
fn http_url(value: Option<String>) -> Option<String> {
    let value = non_empty(value)?;
    let url = Url::parse(&value).ok()?;
    matches!(url.scheme(), "http" | "https").then_some(value)
}

/// The Graph API writes `2024-05-01T09:30:00+0000` (no colon in the offset); RFC 3339 is
/// accepted too.
fn parse_timestamp(value: &str) -> Option<OffsetDateTime> {
    let graph = format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second][offset_hour sign:mandatory][offset_minute]"
    );
    OffsetDateTime::parse(value, &Rfc3339)
        .or_else(|_| OffsetDateTime::parse(value, graph))
        .ok()
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::datetime;

    use super::*;

    #[test]
    fn a_video_shows_its_thumbnail_and_an_image_its_media() {
        let posts = posts_from_graph(vec![
            json!({ "id": "1", "media_type": "VIDEO", "media_url": "https://cdn.example/v.mp4",
                    "thumbnail_url": "https://cdn.example/v.jpg", "permalink": "https://www.instagram.com/p/1/" }),
            json!({ "id": "2", "media_type": "IMAGE", "media_url": "https://cdn.example/i.jpg",
                    "permalink": "https://www.instagram.com/p/2/", "caption": "Hello\nworld" }),
        ]);
        assert_eq!(posts.len(), 2);
        assert_eq!(posts[0].image_url, "https://cdn.example/v.jpg");
        assert_eq!(posts[0].media_type, MediaType::Video);
        assert_eq!(posts[0].caption, None);
        assert_eq!(posts[1].image_url, "https://cdn.example/i.jpg");
        assert_eq!(posts[1].caption.as_deref(), Some("Hello\nworld"));
    }

    #[test]
    fn media_without_a_usable_image_or_link_or_of_an_unknown_kind_is_skipped() {
        let posts = posts_from_graph(vec![
            json!({ "id": "1", "media_type": "VIDEO", "media_url": "https://cdn.example/v.mp4",
                    "permalink": "https://www.instagram.com/p/1/" }),
            json!({ "id": "2", "media_type": "REEL", "media_url": "https://cdn.example/r.mp4",
                    "permalink": "https://www.instagram.com/p/2/" }),
            json!({ "id": "3", "media_type": "IMAGE", "media_url": "javascript:alert(1)",
                    "permalink": "https://www.instagram.com/p/3/" }),
            json!({ "id": "4", "media_type": "IMAGE", "media_url": "https://cdn.example/4.jpg" }),
            json!({ "id": 5, "media_type": "IMAGE", "media_url": "https://cdn.example/5.jpg",
                    "permalink": "https://www.instagram.com/p/5/" }),
            json!({ "id": "6", "media_type": "CAROUSEL_ALBUM", "media_url": "https://cdn.example/6.jpg",
                    "permalink": "https://www.instagram.com/p/6/", "caption": "  " }),
        ]);
        let ids: Vec<_> = posts.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["6"]);
        assert_eq!(posts[0].caption, None);
    }

    #[test]
    fn graph_timestamps_without_a_colon_in_the_offset_are_read() {
        assert_eq!(
            parse_timestamp("2024-05-01T09:30:00+0000"),
            Some(datetime!(2024-05-01 09:30:00 UTC))
        );
        assert_eq!(
            parse_timestamp("2024-05-01T11:30:00+02:00"),
            Some(datetime!(2024-05-01 09:30:00 UTC))
        );
        assert_eq!(parse_timestamp("yesterday"), None);
    }

    #[test]
    fn posts_serialise_with_snake_case_kinds_and_rfc3339_times() {
        let post = InstagramPost {
            id: "1".into(),
            caption: None,
            media_type: MediaType::CarouselAlbum,
            image_url: "https://cdn.example/1.jpg".into(),
            permalink: "https://www.instagram.com/p/1/".into(),
            timestamp: Some(datetime!(2024-05-01 09:30:00 UTC)),
        };
        let value = serde_json::to_value(&post).expect("serialises");
        assert_eq!(value["media_type"], "carousel_album");
        assert_eq!(value["timestamp"], "2024-05-01T09:30:00Z");
    }
}
