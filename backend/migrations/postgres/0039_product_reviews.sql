-- Ratings and reviews of products (issue 42, docs/shop-contract.md "Reviews"). Portable shapes
-- (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.

-- One review per buyer and product (the unique pair), editable; `removed_at` is moderation's
-- removal, as for comments. `body` is the optional text (at most 1000 characters, checked by
-- the server).
CREATE TABLE product_reviews (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id  BIGINT  NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    author_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating      BIGINT  NOT NULL CHECK (rating BETWEEN 1 AND 5),
    body        TEXT,
    created_at  BIGINT  NOT NULL,
    edited_at   BIGINT,
    removed_at  BIGINT,
    UNIQUE (product_id, author_id)
);
-- GET /api/products/{id}/reviews: one product's, newest first (the keyset).
CREATE INDEX product_reviews_product_idx ON product_reviews (product_id, id DESC);
-- A person's reviews: the data export's pages, and the cascade of a deleted account.
CREATE INDEX product_reviews_author_idx ON product_reviews (author_id, id);

-- The aggregate a card shows, kept on the product so no list reads a review: the count and the
-- sum of the ratings of its reviews not removed by moderation, moved by the trigger below in
-- the transaction of every write of a review (a new one, an edit, a removal, a deletion, and the
-- cascade of a deleted account). The average is rating_sum / review_count.
ALTER TABLE products ADD COLUMN review_count BIGINT NOT NULL DEFAULT 0 CHECK (review_count >= 0);
ALTER TABLE products ADD COLUMN rating_sum BIGINT NOT NULL DEFAULT 0 CHECK (rating_sum >= 0);
-- The catalogue's invented ratings and review counts (0009) are no longer read; zeroed so no
-- made-up number is left in the database. The columns stay, as on SQLite (which would have to
-- rebuild products to drop them).
UPDATE products SET rating_tenths = 0, reviews = 0;

CREATE FUNCTION product_reviews_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.removed_at IS NULL THEN
        UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
        WHERE id = OLD.product_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.removed_at IS NULL THEN
        UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
        WHERE id = NEW.product_id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER product_reviews_counts
    AFTER INSERT OR DELETE OR UPDATE OF rating, removed_at ON product_reviews
    FOR EACH ROW EXECUTE FUNCTION product_reviews_counts();

-- A review can be reported.
ALTER TABLE report_cases DROP CONSTRAINT report_cases_target_type_check;
ALTER TABLE report_cases ADD CONSTRAINT report_cases_target_type_check
    CHECK (target_type IN ('post', 'comment', 'reel', 'story', 'message', 'user', 'review'));
