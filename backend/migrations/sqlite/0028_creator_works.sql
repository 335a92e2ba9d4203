-- no-transaction
-- Creators sell their own work (issue 23, docs/economy-contract.md): a product may have a
-- seller (NULL: the house catalogue of 0009), a kind, and the creators' categories; it is
-- unlisted rather than deleted (orders keep naming it). An order of a creator's work names its
-- seller, so their sales are a range of one index.
--
-- SQLite cannot alter the category CHECK in place, and the catalogue's ids were given (BIGINT
-- PRIMARY KEY, no rowid alias): the table is rebuilt with an AUTOINCREMENT id that continues
-- after the catalogue's, outside sqlx's transaction as in 0018 (foreign keys off, one
-- transaction, `pragma_foreign_key_check` before COMMIT).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE new_products (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    name                 TEXT    NOT NULL,
    description          TEXT    NOT NULL,
    price_cents          BIGINT  NOT NULL CHECK (price_cents > 0),
    original_price_cents BIGINT  CHECK (original_price_cents IS NULL OR original_price_cents > price_cents),
    image_key            TEXT,
    product_url          TEXT    NOT NULL,
    category             TEXT    NOT NULL CHECK (category IN ('accessories', 'shirts', 'hoodies',
                                                          'jackets', 'prints', 'digital',
                                                          'apparel')),
    rating_tenths        BIGINT  NOT NULL CHECK (rating_tenths BETWEEN 0 AND 50),
    reviews              BIGINT  NOT NULL CHECK (reviews >= 0),
    stock                BIGINT  NOT NULL CHECK (stock >= 0),
    badge                TEXT    CHECK (badge IN ('New Arrival', 'Limited Edition', 'Best Seller')),
    seller_id            BIGINT  REFERENCES users (id) ON DELETE CASCADE,
    kind                 TEXT    NOT NULL DEFAULT 'physical' CHECK (kind IN ('physical', 'digital')),
    created_at           BIGINT  NOT NULL DEFAULT 0,
    unlisted_at          BIGINT
);
INSERT INTO new_products (id, name, description, price_cents, original_price_cents, image_key,
                          product_url, category, rating_tenths, reviews, stock, badge)
SELECT id, name, description, price_cents, original_price_cents, image_key, product_url,
       category, rating_tenths, reviews, stock, badge
FROM products;
-- New listings continue after the catalogue's ids.
DELETE FROM sqlite_sequence WHERE name = 'new_products';
INSERT INTO sqlite_sequence (name, seq) SELECT 'new_products', COALESCE(MAX(id), 0) FROM products;
DROP TABLE products;
ALTER TABLE new_products RENAME TO products;

-- The house catalogue (seller NULL) in featured order; creators' listed works newest first;
-- one creator's.
CREATE INDEX products_house_idx ON products (id) WHERE seller_id IS NULL;
CREATE INDEX products_creators_idx ON products (id)
    WHERE seller_id IS NOT NULL AND unlisted_at IS NULL;
CREATE INDEX products_seller_idx ON products (seller_id, id) WHERE seller_id IS NOT NULL;

-- Who sold an order's work (NULL for the house catalogue): GET /api/user/sales.
ALTER TABLE orders ADD COLUMN seller_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX orders_seller_idx ON orders (seller_id, id) WHERE seller_id IS NOT NULL;

CREATE TEMP TABLE migration_0028_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0028_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('products'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('orders'));
DROP TABLE migration_0028_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
