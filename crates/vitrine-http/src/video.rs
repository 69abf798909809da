//! Embedded YouTube and Vimeo players (spec tracking §4, §7): where the player frames, the
//! player API scripts and the oEmbed endpoints are, embedded in every page as JSON for the
//! click-to-play players, and their origins added to the Content-Security-Policy.

use serde::{Deserialize, Serialize};
use vitrine_app::tracking::CspSources;

use crate::html::script_json;

/// `id` of the JSON script element the web app reads.
pub const EMBED_ID: &str = "vitrine-video";

/// One provider's addresses. The defaults are the providers' own; tests point them at a fake.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct VideoProvider {
    /// The player frame; the video id is appended (`…/embed/` + id).
    pub embed_url: String,
    /// The player API script (YouTube's IFrame API, Vimeo's player.js).
    pub api_url: String,
    /// The oEmbed endpoint the title is looked up from.
    pub oembed_url: String,
}

/// `[shop.video.youtube]` and `[shop.video.vimeo]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct VideoSettings {
    pub youtube: VideoProvider,
    pub vimeo: VideoProvider,
}

impl Default for VideoSettings {
    fn default() -> Self {
        Self {
            youtube: VideoProvider {
                embed_url: "https://www.youtube-nocookie.com/embed/".into(),
                api_url: "https://www.youtube.com/iframe_api".into(),
                oembed_url: "https://www.youtube.com/oembed".into(),
            },
            vimeo: VideoProvider {
                embed_url: "https://player.vimeo.com/video/".into(),
                api_url: "https://player.vimeo.com/api/player.js".into(),
                oembed_url: "https://vimeo.com/api/oembed.json".into(),
            },
        }
    }
}

impl Default for VideoProvider {
    fn default() -> Self {
        VideoSettings::default().youtube
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL.
fn origin_of(raw: &str) -> Option<String> {
    let (scheme, rest) = raw.split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    (!authority.is_empty() && !authority.contains('@')).then(|| format!("{scheme}://{authority}"))
}

impl VideoSettings {
    fn providers(&self) -> [&VideoProvider; 2] {
        [&self.youtube, &self.vimeo]
    }

    /// Frames from the embed origins, scripts from the API origins (the YouTube API script
    /// loads its own widget script from the same host), oEmbed lookups from the oEmbed origins.
    pub fn csp_sources(&self) -> CspSources {
        let mut sources = CspSources::default();
        for p in self.providers() {
            let add = |list: &mut Vec<String>, url: &str| {
                if let Some(origin) = origin_of(url)
                    && !list.contains(&origin)
                {
                    list.push(origin);
                }
            };
            add(&mut sources.frame, &p.embed_url);
            add(&mut sources.script, &p.api_url);
            add(&mut sources.connect, &p.oembed_url);
        }
        if sources
            .script
            .iter()
            .any(|s| s == "https://www.youtube.com")
        {
            sources.script.push("https://s.ytimg.com".into());
        }
        sources
    }
}

/// `<script type="application/json" id="vitrine-video">` with the players' addresses.
pub(crate) fn embed(video: &VideoSettings) -> String {
    match script_json(video) {
        Ok(json) => format!("<script id=\"{EMBED_ID}\" type=\"application/json\">{json}</script>"),
        Err(error) => {
            tracing::error!(%error, "video configuration not embedded");
            String::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_the_configured_player_hosts() {
        let mut video = VideoSettings::default();
        video.vimeo.embed_url = "http://127.0.0.1:8491/vimeo/embed/".into();
        let policy = video
            .csp_sources()
            .widen("default-src 'self'; script-src 'self'; connect-src 'self'");
        assert!(
            policy.contains(
                "frame-src 'self' https://www.youtube-nocookie.com http://127.0.0.1:8491"
            ),
            "{policy}"
        );
        assert!(
            policy.contains("script-src 'self' https://www.youtube.com https://player.vimeo.com"),
            "{policy}"
        );
        assert!(
            policy.contains("connect-src 'self' https://www.youtube.com https://vimeo.com"),
            "{policy}"
        );
    }

    #[test]
    fn origins_are_scheme_host_and_port() {
        assert_eq!(
            origin_of("http://127.0.0.1:8491/a?b"),
            Some("http://127.0.0.1:8491".into())
        );
        assert_eq!(origin_of("/relative"), None);
        assert_eq!(origin_of("javascript://x"), None);
    }
}
