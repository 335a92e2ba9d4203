-- no-transaction
-- Ratings and reviews of products (issue 42, docs/shop-contract.md "Reviews"). Portable shapes
-- (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.
--
-- Runs outside sqlx's transaction because report_cases is rebuilt (SQLite cannot alter its
-- target_type CHECK in place to take 'review'): foreign keys must be off while the old table is
-- dropped, or dropping it would delete every report (ON DELETE CASCADE), as in 0018 and 0028.
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- One review per buyer and product (the unique pair), editable; `removed_at` is moderation's
-- removal, as for comments. `body` is the optional text (at most 1000 characters, checked by
-- the server).
CREATE TABLE product_reviews (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
-- sum of the ratings of its reviews not removed by moderation, moved by the triggers below in
-- the transaction of every write of a review (a new one, an edit, a removal, a deletion, and the
-- cascade of a deleted account). The average is rating_sum / review_count.
ALTER TABLE products ADD COLUMN review_count BIGINT NOT NULL DEFAULT 0 CHECK (review_count >= 0);
ALTER TABLE products ADD COLUMN rating_sum BIGINT NOT NULL DEFAULT 0 CHECK (rating_sum >= 0);
-- The catalogue's invented ratings and review counts (0009) are no longer read; zeroed so no
-- made-up number is left in the database. The columns stay: dropping them would mean
-- rebuilding products, which orders, reviews and credits reference.
UPDATE products SET rating_tenths = 0, reviews = 0;

CREATE TRIGGER product_reviews_counted AFTER INSERT ON product_reviews
WHEN NEW.removed_at IS NULL BEGIN
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;
CREATE TRIGGER product_reviews_uncounted AFTER DELETE ON product_reviews
WHEN OLD.removed_at IS NULL BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
END;
CREATE TRIGGER product_reviews_recounted AFTER UPDATE OF rating, removed_at ON product_reviews
BEGIN
    UPDATE products
    SET review_count = review_count + (NEW.removed_at IS NULL) - (OLD.removed_at IS NULL),
        rating_sum = rating_sum
                     + CASE WHEN NEW.removed_at IS NULL THEN NEW.rating ELSE 0 END
                     - CASE WHEN OLD.removed_at IS NULL THEN OLD.rating ELSE 0 END
    WHERE id = NEW.product_id;
END;

-- A review can be reported: report_cases takes the target type 'review' (copied into a table
-- with the new CHECK, ids kept).
CREATE TABLE new_report_cases (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    target_type        TEXT    NOT NULL
                       CHECK (target_type IN ('post', 'comment', 'reel', 'story', 'message', 'user',
                                              'review')),
    target_id          BIGINT  NOT NULL,
    author_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    preview            TEXT    NOT NULL,
    reports_count      BIGINT  NOT NULL DEFAULT 0 CHECK (reports_count >= 0),
    reasons            BIGINT  NOT NULL DEFAULT 0,
    status             TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    action             TEXT    CHECK (action IN ('dismiss', 'remove', 'suspend')),
    notes              TEXT,
    resolved_by        BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    first_reported_at  BIGINT  NOT NULL,
    resolved_at        BIGINT,
    UNIQUE (target_type, target_id),
    CHECK ((status = 'open') = (action IS NULL))
);
INSERT INTO new_report_cases (id, target_type, target_id, author_id, preview, reports_count,
                              reasons, status, action, notes, resolved_by, first_reported_at,
                              resolved_at)
SELECT id, target_type, target_id, author_id, preview, reports_count, reasons, status, action,
       notes, resolved_by, first_reported_at, resolved_at
FROM report_cases;
DROP TABLE report_cases;
ALTER TABLE new_report_cases RENAME TO report_cases;
CREATE INDEX report_cases_queue_idx ON report_cases (status, reports_count DESC, id DESC);
CREATE INDEX report_cases_author_idx ON report_cases (author_id);

CREATE TEMP TABLE migration_0039_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0039_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('report_cases'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('reports'));
DROP TABLE migration_0039_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
