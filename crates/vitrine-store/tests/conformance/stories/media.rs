//! Uploaded media (ADR 0016): an attachment is created pending, its sizes recorded (and
//! replaced when rendered again), and deleted once.

use time::OffsetDateTime;
use vitrine_domain::account::UserId;
use vitrine_domain::media::{MediaId, MediaStore, NewAttachment, StoredSize};
use vitrine_store::Database;

fn size(name: &str, width: u32, height: u32) -> StoredSize {
    StoredSize {
        name: name.to_owned(),
        width,
        height,
    }
}

pub async fn an_attachment_is_pending_until_its_sizes_are_saved_then_deleted_once(db: Database) {
    let store = db.media();
    let at = OffsetDateTime::from_unix_timestamp(1_764_000_000).expect("time");
    let new = NewAttachment {
        file_name: "hoodie.png".into(),
        mime: "image/png".into(),
        width: 3000,
        height: 2000,
        uploaded_by: UserId(7),
        created_at: at,
    };
    let first = store.create_attachment(&new).await.expect("create");
    let second = store.create_attachment(&new).await.expect("create again");
    assert_ne!(first.id, second.id);
    let read = store
        .attachment(first.id)
        .await
        .expect("read")
        .expect("found");
    assert_eq!(read, first);
    assert!(!read.is_ready());
    assert_eq!((read.width, read.height, read.created_at), (3000, 2000, at));

    let sizes = vec![
        size("thumbnail", 150, 150),
        size("medium", 300, 200),
        size("large", 1024, 683),
        size("full", 2560, 1707),
    ];
    store
        .save_sizes(first.id, &sizes[..1])
        .await
        .expect("save one");
    store.save_sizes(first.id, &sizes).await.expect("replace");
    let ready = store
        .attachment(first.id)
        .await
        .expect("read")
        .expect("found");
    assert_eq!(ready.sizes, sizes);
    let other = store
        .attachment(second.id)
        .await
        .expect("read")
        .expect("found");
    assert!(other.sizes.is_empty(), "the other attachment is untouched");

    assert!(store.delete_attachment(first.id).await.expect("delete"));
    assert!(
        !store
            .delete_attachment(first.id)
            .await
            .expect("delete again")
    );
    assert_eq!(store.attachment(first.id).await.expect("read"), None);
    assert_eq!(store.attachment(MediaId(9_999)).await.expect("read"), None);
}
