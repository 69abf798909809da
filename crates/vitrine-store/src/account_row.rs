//! A `users` row as the account stores read it: the columns, their decoding, and the
//! columns under a table alias. Shared by `account` and `account_details`.

use sqlx::Row;
use sqlx::any::AnyRow;
use vitrine_domain::account::{Email, Role, User, UserId};
use vitrine_domain::ports::StoreError;

use crate::error::{StoreResult, db_error};

pub(crate) const COLUMNS: &str =
    "id, email, display_name, role, coming_soon_banner_dismissed, first_name, last_name";

pub(crate) fn decode(row: &AnyRow) -> StoreResult<User> {
    let corrupt = |what: &str| StoreError::Corrupt(what.to_owned());
    let email: String = row.try_get("email").map_err(db_error)?;
    let role: String = row.try_get("role").map_err(db_error)?;
    Ok(User {
        id: UserId(row.try_get("id").map_err(db_error)?),
        email: Email::parse(&email).map_err(|_| corrupt("stored email is invalid"))?,
        display_name: row.try_get("display_name").map_err(db_error)?,
        role: Role::parse(&role).ok_or_else(|| corrupt("unknown stored role"))?,
        first_name: row.try_get("first_name").map_err(db_error)?,
        last_name: row.try_get("last_name").map_err(db_error)?,
        coming_soon_banner_dismissed: row
            .try_get::<i64, _>("coming_soon_banner_dismissed")
            .map_err(db_error)?
            != 0,
    })
}

/// The user columns of table alias `alias`.
pub(crate) fn prefixed(alias: &str) -> String {
    COLUMNS
        .split(", ")
        .map(|c| format!("{alias}.{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}
