-- Uploaded media (ADR 0016): one row per attachment. The files (the original and its WebP
-- sizes) live in the shop's media folder; `sizes` lists the rendered ones as
-- "thumbnail 150x150;medium 300x200;…", empty while the attachment is pending. An uploader's
-- account may go; the attachment stays. Keep in step with ../sqlite/0017_media.sql.

CREATE TABLE media (
    id          BIGSERIAL PRIMARY KEY,
    file_name   TEXT    NOT NULL,
    mime        TEXT    NOT NULL,
    width       BIGINT NOT NULL,
    height      BIGINT NOT NULL,
    uploaded_by BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    sizes       TEXT    NOT NULL DEFAULT ''
);
