//! Account details, password changes and password reset links (issue 15). Each change that
//! must hold together (a new password and the end of the other sessions; using a reset link)
//! is one transaction; a reset link is removed by the statement that uses it, so two uses of
//! one link cannot both pass.

use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::account::{AccountDetails, User, UserId};
use vitrine_domain::ports::StoreError;

use crate::account_row::{COLUMNS, decode, prefixed};
use crate::db::Database;
use crate::error::{StoreResult, db_error};

pub(crate) async fn update_details(
    db: &Database,
    user: UserId,
    details: &AccountDetails,
) -> StoreResult<Option<User>> {
    let sql = format!(
        "UPDATE users SET first_name = $1, last_name = $2, display_name = $3, email = $4 \
         WHERE id = $5 RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(details.first_name.as_str())
        .bind(details.last_name.as_str())
        .bind(details.display_name.as_str())
        .bind(details.email.as_str())
        .bind(user.0)
        .fetch_optional(db.writer())
        .await
        .map_err(db_error)?;
    row.as_ref().map(decode).transpose()
}

pub(crate) async fn password_hash(db: &Database, user: UserId) -> StoreResult<Option<String>> {
    let row = sqlx::query("SELECT password_hash FROM users WHERE id = $1")
        .bind(user.0)
        .fetch_optional(db.pool())
        .await
        .map_err(db_error)?;
    row.map(|r| r.try_get("password_hash").map_err(db_error))
        .transpose()
}

pub(crate) async fn set_password(
    db: &Database,
    user: UserId,
    password_hash: &str,
    keep: Option<&[u8; 32]>,
) -> StoreResult<()> {
    let mut tx = db.begin_write().await?;
    let updated = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(user.0)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
    if updated.rows_affected() == 0 {
        return Err(StoreError::Corrupt("no such user".to_owned()));
    }
    // No stored hash is the empty string, so `keep: None` ends every session.
    sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user.0)
        .bind(keep.map(hex::encode).unwrap_or_default())
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
        .bind(user.0)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
    tx.commit().await.map_err(db_error)
}

pub(crate) async fn save_password_reset(
    db: &Database,
    token_hash: &[u8; 32],
    user: UserId,
    expires_at: OffsetDateTime,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, \
         expires_at = excluded.expires_at",
    )
    .bind(hex::encode(token_hash))
    .bind(user.0)
    .bind(expires_at.unix_timestamp())
    .execute(db.writer())
    .await
    .map_err(db_error)?;
    Ok(())
}

pub(crate) async fn password_reset(
    db: &Database,
    token_hash: &[u8; 32],
) -> StoreResult<Option<(User, OffsetDateTime)>> {
    let sql = format!(
        "SELECT {}, r.expires_at AS reset_expires_at FROM password_resets r \
         JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1",
        prefixed("u")
    );
    let row = sqlx::query(&sql)
        .bind(hex::encode(token_hash))
        .fetch_optional(db.pool())
        .await
        .map_err(db_error)?;
    let Some(row) = row else {
        return Ok(None);
    };
    let expires: i64 = row.try_get("reset_expires_at").map_err(db_error)?;
    let expires = OffsetDateTime::from_unix_timestamp(expires)
        .map_err(|_| StoreError::Corrupt("reset expiry out of range".to_owned()))?;
    Ok(Some((decode(&row)?, expires)))
}

pub(crate) async fn use_password_reset(
    db: &Database,
    token_hash: &[u8; 32],
    password_hash: &str,
    now: OffsetDateTime,
) -> StoreResult<Option<User>> {
    let mut tx = db.begin_write().await?;
    let used = sqlx::query(
        "DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2 RETURNING user_id",
    )
    .bind(hex::encode(token_hash))
    .bind(now.unix_timestamp())
    .fetch_optional(&mut *tx)
    .await
    .map_err(db_error)?;
    let Some(used) = used else {
        return Ok(None);
    };
    let user: i64 = used.try_get("user_id").map_err(db_error)?;
    let sql = format!("UPDATE users SET password_hash = $1 WHERE id = $2 RETURNING {COLUMNS}");
    let row = sqlx::query(&sql)
        .bind(password_hash)
        .bind(user)
        .fetch_one(&mut *tx)
        .await
        .map_err(db_error)?;
    sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1")
        .bind(user)
        .execute(&mut *tx)
        .await
        .map_err(db_error)?;
    let user = decode(&row)?;
    tx.commit().await.map_err(db_error)?;
    Ok(Some(user))
}
