//! The files of downloadable products, kept in a folder of the shop (`[checkout]
//! downloads_dir`): a download's file is found by the last segment of its URL (the sample
//! catalogue's `…/uploads/2017/08/single.jpg` is `single.jpg` there). The shop serves them
//! itself, so a link is worth only its grant, and the demo needs no network.

use std::path::PathBuf;

use async_trait::async_trait;
use vitrine_domain::order::{DownloadFile, DownloadFiles};

use crate::error::{StoreResult, backend};

#[derive(Debug, Clone)]
pub struct DirectoryDownloads {
    dir: PathBuf,
}

impl DirectoryDownloads {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }
}

/// The file name a download names: the last path segment of its URL, without query or
/// fragment. Names that could leave the folder are refused.
fn file_name(file: &str) -> Option<&str> {
    let path = file.split(['?', '#']).next().unwrap_or_default();
    let name = path.rsplit('/').next().unwrap_or_default();
    let safe = !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains('\\')
        && !name.starts_with('.');
    safe.then_some(name)
}

fn content_type(name: &str) -> &'static str {
    let ext = name.rsplit('.').next().unwrap_or_default().to_ascii_lowercase();
    match ext.as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "pdf" => "application/pdf",
        "mp3" => "audio/mpeg",
        "zip" => "application/zip",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[async_trait]
impl DownloadFiles for DirectoryDownloads {
    async fn open(&self, file: &str) -> StoreResult<Option<DownloadFile>> {
        let Some(name) = file_name(file) else {
            return Ok(None);
        };
        match tokio::fs::read(self.dir.join(name)).await {
            Ok(bytes) => Ok(Some(DownloadFile {
                file_name: name.to_owned(),
                content_type: content_type(name).to_owned(),
                bytes,
            })),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(backend(format!("cannot read download {name}: {e}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_is_found_by_the_last_segment_of_its_url_and_never_outside() {
        assert_eq!(
            file_name("https://demo.example/uploads/2017/08/single.jpg?v=2"),
            Some("single.jpg")
        );
        assert_eq!(file_name("album.jpg"), Some("album.jpg"));
        for bad in ["", "https://x/", "..", "a/..", ".env", "a\\..\\b"] {
            assert_eq!(file_name(bad), None, "{bad}");
        }
    }

    #[tokio::test]
    async fn a_file_in_the_folder_is_served_and_a_missing_one_is_none() {
        let dir = tempfile::tempdir().expect("dir");
        std::fs::write(dir.path().join("single.jpg"), b"jpeg").expect("write");
        let files = DirectoryDownloads::new(dir.path());
        let found = files.open("https://x/y/single.jpg").await.expect("read");
        assert_eq!(
            found.map(|f| (f.file_name, f.content_type, f.bytes)),
            Some(("single.jpg".into(), "image/jpeg".into(), b"jpeg".to_vec()))
        );
        assert_eq!(files.open("https://x/y/album.jpg").await.expect("read"), None);
    }
}
