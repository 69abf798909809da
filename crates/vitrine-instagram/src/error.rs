//! Why the feed could not be fetched. Texts never carry the access token or the request URL.

/// A failed `GET /me/media`. Cheap to clone, so a cached failure can be answered again.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InstagramError {
    /// No answer: connection refused or reset, TLS failure, timeout.
    #[error("Instagram could not be reached{}: {message}", if *.timed_out { " (timed out)" } else { "" })]
    Transport { timed_out: bool, message: String },
    /// Instagram (or whatever answered for it) refused with a non-2xx status; `code` and
    /// `message` come from the Graph API's `{ "error": { … } }` body when there is one.
    #[error("Instagram answered HTTP {status}{}", graph_detail(*.code, .message.as_deref()))]
    Status {
        status: u16,
        code: Option<i64>,
        message: Option<String>,
    },
    /// A 2xx answer that is not the Graph API's `{ "data": [ … ] }`.
    #[error("Instagram's answer could not be read: {0}")]
    Decode(String),
}

fn graph_detail(code: Option<i64>, message: Option<&str>) -> String {
    match (code, message) {
        (Some(code), Some(message)) => format!(" (code {code}): {message}"),
        (Some(code), None) => format!(" (code {code})"),
        (None, Some(message)) => format!(": {message}"),
        (None, None) => String::new(),
    }
}
