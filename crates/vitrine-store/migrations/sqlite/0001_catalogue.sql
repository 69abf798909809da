-- Catalogue (ADR 0002): each product is one JSON document (`document`, the domain `Product`)
-- plus the columns listings filter and sort on. Keep in step with ../postgres/0001_catalogue.sql.
-- Only types sqlx `Any` decodes: INTEGER, TEXT (never BOOLEAN or DATETIME). Timestamps (`*_at`)
-- are INTEGER unix seconds, UTC. Flags are INTEGER 0/1.

CREATE TABLE products (
    id          INTEGER PRIMARY KEY,
    slug        TEXT    NOT NULL,
    sku         TEXT,
    kind        TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    visibility  TEXT    NOT NULL,
    featured    INTEGER NOT NULL DEFAULT 0,
    name        TEXT    NOT NULL,
    sort_name   TEXT    NOT NULL,
    menu_order  INTEGER NOT NULL DEFAULT 0,
    sort_price  INTEGER,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    search_text TEXT    NOT NULL,
    document    TEXT    NOT NULL,
    CONSTRAINT products_slug_key UNIQUE (slug),
    CONSTRAINT products_sku_key UNIQUE (sku)
);
CREATE INDEX products_by_menu_order ON products (status, visibility, menu_order, sort_name);
CREATE INDEX products_by_date ON products (status, visibility, created_at);
CREATE INDEX products_by_price ON products (status, visibility, sort_price);

-- Variations live inside their product's document; these rows index them by id and SKU.
CREATE TABLE variations (
    id         INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    sku        TEXT,
    CONSTRAINT variations_sku_key UNIQUE (sku)
);
CREATE INDEX variations_by_product ON variations (product_id);

CREATE TABLE categories (
    id          INTEGER PRIMARY KEY,
    parent_id   INTEGER REFERENCES categories (id),
    name        TEXT    NOT NULL,
    slug        TEXT    NOT NULL,
    description TEXT    NOT NULL DEFAULT '',
    position    INTEGER NOT NULL DEFAULT 0
);
-- NULLs never collide in a UNIQUE constraint, so top-level categories are keyed by parent 0.
CREATE UNIQUE INDEX categories_parent_slug_key ON categories (COALESCE(parent_id, 0), slug);

CREATE TABLE tags (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    CONSTRAINT tags_slug_key UNIQUE (slug)
);

CREATE TABLE images (
    id         INTEGER PRIMARY KEY,
    source_url TEXT NOT NULL,
    CONSTRAINT images_source_url_key UNIQUE (source_url)
);

CREATE TABLE product_categories (
    product_id  INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_by_category ON product_categories (category_id);

CREATE TABLE product_tags (
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    tag_id     INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (product_id, tag_id)
);
CREATE INDEX product_tags_by_tag ON product_tags (tag_id);

-- Highest product/variation id handed out or stored; products and variations share one id
-- space (WooCommerce post ids), so fresh ids never collide with imported ones.
CREATE TABLE id_counters (
    name    TEXT    PRIMARY KEY,
    last_id INTEGER NOT NULL
);
INSERT INTO id_counters (name, last_id) VALUES ('catalogue', 0);
