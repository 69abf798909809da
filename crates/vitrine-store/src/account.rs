//! The account adapter (ADR 0010): users by email, login sessions by token hash; account
//! details, password changes and reset links (issue 15) in `account_details`.

use async_trait::async_trait;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::account::{AccountDetails, Email, NewUser, User, UserId};
use vitrine_domain::ports::{AccountStore, UserCredentials};

use crate::db::Database;
use crate::error::{StoreResult, db_error};

use crate::account_row::{COLUMNS, decode, prefixed};

/// [`AccountStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlAccountStore {
    db: Database,
}

impl SqlAccountStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl AccountStore for SqlAccountStore {
    async fn create_user(&self, user: &NewUser) -> StoreResult<User> {
        let sql = format!(
            "INSERT INTO users (email, display_name, role, password_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5) RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(user.email.as_str())
            .bind(user.display_name.as_str())
            .bind(user.role.as_str())
            .bind(user.password_hash.as_str())
            .bind(OffsetDateTime::now_utc().unix_timestamp())
            .fetch_one(self.db.writer())
            .await
            .map_err(db_error)?;
        decode(&row)
    }

    async fn replace_user(&self, user: &NewUser) -> StoreResult<Option<User>> {
        let mut tx = self.db.begin_write().await?;
        let sql = format!(
            "UPDATE users SET display_name = $1, role = $2, password_hash = $3 \
             WHERE email = $4 RETURNING {COLUMNS}"
        );
        let row = sqlx::query(&sql)
            .bind(user.display_name.as_str())
            .bind(user.role.as_str())
            .bind(user.password_hash.as_str())
            .bind(user.email.as_str())
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let replaced = decode(&row)?;
        // A new password (or a lower role) ends every open login.
        sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1")
            .bind(replaced.id.0)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok(Some(replaced))
    }

    async fn credentials(&self, email: &Email) -> StoreResult<Option<UserCredentials>> {
        let sql = format!("SELECT {COLUMNS}, password_hash FROM users WHERE email = $1");
        let row = sqlx::query(&sql)
            .bind(email.as_str())
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.map(|row| {
            Ok(UserCredentials {
                user: decode(&row)?,
                password_hash: row.try_get("password_hash").map_err(db_error)?,
            })
        })
        .transpose()
    }

    async fn create_session(
        &self,
        token_hash: &[u8; 32],
        user: UserId,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO auth_sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
        )
        .bind(hex::encode(token_hash))
        .bind(user.0)
        .bind(expires_at.unix_timestamp())
        .execute(self.db.writer())
        .await
        .map_err(db_error)?;
        Ok(())
    }

    async fn session_user(
        &self,
        token_hash: &[u8; 32],
        now: OffsetDateTime,
    ) -> StoreResult<Option<User>> {
        let sql = format!(
            "SELECT {} FROM auth_sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2",
            prefixed("u")
        );
        let row = sqlx::query(&sql)
            .bind(hex::encode(token_hash))
            .bind(now.unix_timestamp())
            .fetch_optional(self.db.pool())
            .await
            .map_err(db_error)?;
        row.as_ref().map(decode).transpose()
    }

    async fn delete_session(&self, token_hash: &[u8; 32]) -> StoreResult<()> {
        sqlx::query("DELETE FROM auth_sessions WHERE token_hash = $1")
            .bind(hex::encode(token_hash))
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn set_coming_soon_banner_dismissed(
        &self,
        user: UserId,
        dismissed: bool,
    ) -> StoreResult<()> {
        sqlx::query("UPDATE users SET coming_soon_banner_dismissed = $1 WHERE id = $2")
            .bind(i64::from(dismissed))
            .bind(user.0)
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn update_details(
        &self,
        user: UserId,
        details: &AccountDetails,
    ) -> StoreResult<Option<User>> {
        crate::account_details::update_details(&self.db, user, details).await
    }

    async fn password_hash(&self, user: UserId) -> StoreResult<Option<String>> {
        crate::account_details::password_hash(&self.db, user).await
    }

    async fn set_password(
        &self,
        user: UserId,
        password_hash: &str,
        keep: Option<&[u8; 32]>,
    ) -> StoreResult<()> {
        crate::account_details::set_password(&self.db, user, password_hash, keep).await
    }

    async fn save_password_reset(
        &self,
        token_hash: &[u8; 32],
        user: UserId,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()> {
        crate::account_details::save_password_reset(&self.db, token_hash, user, expires_at).await
    }

    async fn password_reset(
        &self,
        token_hash: &[u8; 32],
    ) -> StoreResult<Option<(User, OffsetDateTime)>> {
        crate::account_details::password_reset(&self.db, token_hash).await
    }

    async fn use_password_reset(
        &self,
        token_hash: &[u8; 32],
        password_hash: &str,
        now: OffsetDateTime,
    ) -> StoreResult<Option<User>> {
        crate::account_details::use_password_reset(&self.db, token_hash, password_hash, now).await
    }
}
