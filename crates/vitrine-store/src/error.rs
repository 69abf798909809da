//! Maps sqlx and serde failures onto the domain's `StoreError`.

use sqlx::error::ErrorKind;
use vitrine_domain::ports::StoreError;

/// The crate's result type: every adapter method fails with the domain's `StoreError`.
pub type StoreResult<T> = Result<T, StoreError>;

/// Unique and foreign-key violations are the caller's conflict; undecodable rows are corrupt
/// data; everything else (I/O, pool, syntax) is a backend failure.
pub(crate) fn db_error(err: sqlx::Error) -> StoreError {
    match &err {
        sqlx::Error::Database(db) => match db.kind() {
            ErrorKind::UniqueViolation => StoreError::Conflict(format!(
                "already exists: {}",
                db.constraint().unwrap_or_else(|| db.message())
            )),
            ErrorKind::ForeignKeyViolation => StoreError::Conflict(format!(
                "refers to a missing record: {}",
                db.constraint().unwrap_or_else(|| db.message())
            )),
            _ => StoreError::Backend(Box::new(err)),
        },
        sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_) => {
            StoreError::Corrupt(err.to_string())
        }
        _ => StoreError::Backend(Box::new(err)),
    }
}

/// A stored JSON document that no longer parses as the domain type.
pub(crate) fn corrupt(what: impl std::fmt::Display, err: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("{what}: {err}"))
}

/// A failure that is neither the caller's fault nor bad data (bad URL, serialization bug).
pub(crate) fn backend(message: impl Into<String>) -> StoreError {
    StoreError::Backend(message.into().into())
}
