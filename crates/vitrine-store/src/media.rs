//! Uploaded media (ADR 0016): the attachment rows, and the folder their files are kept in.

use std::path::PathBuf;

use async_trait::async_trait;
use sqlx::Row;
use time::OffsetDateTime;
use vitrine_domain::account::UserId;
use vitrine_domain::media::{
    Attachment, MediaFiles, MediaId, MediaStore, NewAttachment, StoredSize,
};
use vitrine_domain::ports::StoreError;

use crate::db::Database;
use crate::error::{StoreResult, backend, corrupt, db_error};

/// [`MediaStore`] over SQLite or PostgreSQL. Cheap to clone.
#[derive(Debug, Clone)]
pub struct SqlMediaStore {
    db: Database,
}

impl SqlMediaStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn encode_sizes(sizes: &[StoredSize]) -> String {
    sizes
        .iter()
        .map(|s| format!("{} {}x{}", s.name, s.width, s.height))
        .collect::<Vec<_>>()
        .join(";")
}

fn decode_sizes(text: &str) -> StoreResult<Vec<StoredSize>> {
    text.split(';')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let parsed = s.split_once(' ').and_then(|(name, dims)| {
                let (w, h) = dims.split_once('x')?;
                Some(StoredSize {
                    name: name.to_owned(),
                    width: w.parse().ok()?,
                    height: h.parse().ok()?,
                })
            });
            parsed.ok_or_else(|| corrupt("media sizes", s))
        })
        .collect()
}

fn dimension(row: &sqlx::any::AnyRow, column: &str) -> StoreResult<u32> {
    let n: i64 = row.try_get(column).map_err(db_error)?;
    u32::try_from(n).map_err(|e| corrupt(column, e))
}

fn attachment(row: &sqlx::any::AnyRow) -> StoreResult<Attachment> {
    let created_at: i64 = row.try_get("created_at").map_err(db_error)?;
    let sizes: String = row.try_get("sizes").map_err(db_error)?;
    Ok(Attachment {
        id: MediaId(row.try_get("id").map_err(db_error)?),
        file_name: row.try_get("file_name").map_err(db_error)?,
        mime: row.try_get("mime").map_err(db_error)?,
        width: dimension(row, "width")?,
        height: dimension(row, "height")?,
        uploaded_by: UserId(row.try_get("uploaded_by").map_err(db_error)?),
        created_at: OffsetDateTime::from_unix_timestamp(created_at)
            .map_err(|e| corrupt("media created_at", e))?,
        sizes: decode_sizes(&sizes)?,
    })
}

#[async_trait]
impl MediaStore for SqlMediaStore {
    async fn create_attachment(&self, new: &NewAttachment) -> StoreResult<Attachment> {
        let row = sqlx::query(
            "INSERT INTO media (file_name, mime, width, height, uploaded_by, created_at, sizes) \
             VALUES ($1, $2, $3, $4, $5, $6, '') RETURNING id",
        )
        .bind(new.file_name.as_str())
        .bind(new.mime.as_str())
        .bind(i64::from(new.width))
        .bind(i64::from(new.height))
        .bind(new.uploaded_by.0)
        .bind(new.created_at.unix_timestamp())
        .fetch_one(self.db.writer())
        .await
        .map_err(db_error)?;
        let id: i64 = row.try_get("id").map_err(db_error)?;
        Ok(Attachment {
            id: MediaId(id),
            file_name: new.file_name.clone(),
            mime: new.mime.clone(),
            width: new.width,
            height: new.height,
            uploaded_by: new.uploaded_by,
            created_at: new
                .created_at
                .replace_nanosecond(0)
                .unwrap_or(new.created_at),
            sizes: Vec::new(),
        })
    }

    async fn attachment(&self, id: MediaId) -> StoreResult<Option<Attachment>> {
        let row = sqlx::query(
            "SELECT id, file_name, mime, width, height, uploaded_by, created_at, sizes \
             FROM media WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(self.db.pool())
        .await
        .map_err(db_error)?;
        row.as_ref().map(attachment).transpose()
    }

    async fn save_sizes(&self, id: MediaId, sizes: &[StoredSize]) -> StoreResult<()> {
        sqlx::query("UPDATE media SET sizes = $1 WHERE id = $2")
            .bind(encode_sizes(sizes))
            .bind(id.0)
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(())
    }

    async fn delete_attachment(&self, id: MediaId) -> StoreResult<bool> {
        let done = sqlx::query("DELETE FROM media WHERE id = $1")
            .bind(id.0)
            .execute(self.db.writer())
            .await
            .map_err(db_error)?;
        Ok(done.rows_affected() > 0)
    }
}

/// [`MediaFiles`] in a folder of the shop: `<dir>/<id>/<name>`.
#[derive(Debug, Clone)]
pub struct DirectoryMedia {
    dir: PathBuf,
}

impl DirectoryMedia {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// Names are the use case's own (`original`, `medium.webp`); anything that could leave
    /// the attachment's folder is refused.
    fn path(&self, id: MediaId, name: &str) -> StoreResult<PathBuf> {
        let safe = !name.is_empty()
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        if !safe {
            return Err(backend(format!("unsafe media file name {name:?}")));
        }
        Ok(self.dir.join(id.0.to_string()).join(name))
    }
}

#[async_trait]
impl MediaFiles for DirectoryMedia {
    async fn write(&self, id: MediaId, name: &str, bytes: &[u8]) -> StoreResult<()> {
        let path = self.path(id, name)?;
        let io = |e: std::io::Error| backend(format!("cannot write media {id}/{name}: {e}"));
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(io)?;
        }
        // Written aside then renamed, so a reader never sees half a file.
        let partial = path.with_extension("partial");
        tokio::fs::write(&partial, bytes).await.map_err(io)?;
        tokio::fs::rename(&partial, &path).await.map_err(io)
    }

    async fn read(&self, id: MediaId, name: &str) -> StoreResult<Option<Vec<u8>>> {
        let Ok(path) = self.path(id, name) else {
            return Ok(None);
        };
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(backend(format!("cannot read media {id}/{name}: {e}"))),
        }
    }

    async fn remove_all(&self, id: MediaId) -> StoreResult<()> {
        match tokio::fs::remove_dir_all(self.dir.join(id.0.to_string())).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(StoreError::Backend(Box::new(e))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_stored_as_text_and_read_back() {
        let sizes = vec![
            StoredSize {
                name: "thumbnail".into(),
                width: 150,
                height: 150,
            },
            StoredSize {
                name: "full".into(),
                width: 800,
                height: 600,
            },
        ];
        let text = encode_sizes(&sizes);
        assert_eq!(text, "thumbnail 150x150;full 800x600");
        assert_eq!(decode_sizes(&text).expect("decodes"), sizes);
        assert_eq!(decode_sizes("").expect("pending"), vec![]);
        assert!(decode_sizes("full 8x").is_err());
    }

    #[tokio::test]
    async fn files_are_kept_per_attachment_and_removed_together() {
        let dir = tempfile::tempdir().expect("dir");
        let files = DirectoryMedia::new(dir.path());
        files
            .write(MediaId(3), "medium.webp", b"abc")
            .await
            .expect("write");
        assert_eq!(
            files.read(MediaId(3), "medium.webp").await.expect("read"),
            Some(b"abc".to_vec())
        );
        assert_eq!(
            files.read(MediaId(4), "medium.webp").await.expect("read"),
            None
        );
        assert_eq!(
            files
                .read(MediaId(3), "../3/medium.webp")
                .await
                .expect("read"),
            None
        );
        assert!(files.write(MediaId(3), "../x", b"no").await.is_err());
        files.remove_all(MediaId(3)).await.expect("remove");
        assert_eq!(
            files.read(MediaId(3), "medium.webp").await.expect("read"),
            None
        );
        files.remove_all(MediaId(3)).await.expect("twice is fine");
    }
}
