//! Why the ECB document could not be had. Texts name the address without credentials or query.

use vitrine_domain::rates::RateSourceError;

use crate::ecb::DocumentError;

/// A failed fetch of the ECB document; `url` is the address as logs may show it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EcbError {
    /// No answer: connection refused or reset, name resolution, TLS, timeout.
    #[error("{url} could not be reached{}: {message}", if *.timed_out { " (timed out)" } else { "" })]
    Transport {
        url: String,
        timed_out: bool,
        message: String,
    },
    /// An answer with a status other than 2xx.
    #[error("{url} answered HTTP {status}")]
    Status { url: String, status: u16 },
    /// More bytes than any rate document has.
    #[error("{url} sent more than {limit} bytes")]
    TooLarge { url: String, limit: usize },
    /// A 2xx answer that is not an ECB rate document.
    #[error("{url} sent a document that was refused: {error}")]
    Document { url: String, error: DocumentError },
}

impl From<EcbError> for RateSourceError {
    /// The domain error says what went wrong ("could not be reached", "refused"); the text
    /// adds where and the detail, without repeating the first part.
    fn from(error: EcbError) -> Self {
        match error {
            EcbError::Transport {
                url,
                timed_out,
                message,
            } => Self::Unreachable {
                timed_out,
                message: format!("{url}: {message}"),
            },
            status @ EcbError::Status { .. } => Self::Refused(status.to_string()),
            too_large @ EcbError::TooLarge { .. } => Self::Malformed(too_large.to_string()),
            EcbError::Document { url, error } => Self::Malformed(format!("{url}: {error}")),
        }
    }
}
