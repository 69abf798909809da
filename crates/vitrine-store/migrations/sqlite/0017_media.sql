-- Uploaded media (ADR 0016): one row per attachment. The files (the original and its WebP
-- sizes) live in the shop's media folder; `sizes` lists the rendered ones as
-- "thumbnail 150x150;medium 300x200;…", empty while the attachment is pending. An uploader's
-- account may go; the attachment stays. Keep in step with ../postgres/0017_media.sql.

CREATE TABLE media (
    id          INTEGER PRIMARY KEY,
    file_name   TEXT    NOT NULL,
    mime        TEXT    NOT NULL,
    width       INTEGER NOT NULL,
    height      INTEGER NOT NULL,
    uploaded_by INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    sizes       TEXT    NOT NULL DEFAULT ''
);
