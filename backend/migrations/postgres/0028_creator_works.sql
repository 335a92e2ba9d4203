-- Creators sell their own work (issue 23, docs/economy-contract.md): a product may have a
-- seller (NULL: the house catalogue of 0009), a kind, and the creators' categories; it is
-- unlisted rather than deleted (orders keep naming it). An order of a creator's work names its
-- seller, so their sales are a range of one index.
ALTER TABLE products DROP CONSTRAINT products_category_check;
ALTER TABLE products ADD CONSTRAINT products_category_check
    CHECK (category IN ('accessories', 'shirts', 'hoodies', 'jackets', 'prints', 'digital',
                        'apparel'));
ALTER TABLE products ADD COLUMN seller_id BIGINT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE products ADD COLUMN kind TEXT NOT NULL DEFAULT 'physical'
    CHECK (kind IN ('physical', 'digital'));
ALTER TABLE products ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN unlisted_at BIGINT;
-- The catalogue's ids were given; new listings take them from a sequence after those.
CREATE SEQUENCE products_id_seq OWNED BY products.id;
SELECT setval('products_id_seq', (SELECT GREATEST(COALESCE(MAX(id), 0), 1) FROM products));
ALTER TABLE products ALTER COLUMN id SET DEFAULT nextval('products_id_seq');

-- The house catalogue (seller NULL) in featured order; creators' listed works newest first;
-- one creator's.
CREATE INDEX products_house_idx ON products (id) WHERE seller_id IS NULL;
CREATE INDEX products_creators_idx ON products (id)
    WHERE seller_id IS NOT NULL AND unlisted_at IS NULL;
CREATE INDEX products_seller_idx ON products (seller_id, id) WHERE seller_id IS NOT NULL;

-- Who sold an order's work (NULL for the house catalogue): GET /api/user/sales.
ALTER TABLE orders ADD COLUMN seller_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX orders_seller_idx ON orders (seller_id, id) WHERE seller_id IS NOT NULL;
