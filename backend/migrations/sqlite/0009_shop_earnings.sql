-- Shop, orders and earnings (issue 9, docs/shop-contract.md). Portable shapes (DESIGN §1): ids
-- BIGINT, money BIGINT cents, times BIGINT epoch milliseconds.

-- The catalogue: the 13 products of spec 001 §3, ids 1–13 in the spec's (featured) order.
-- `image_key` is the generated picture in the media store, drawn by the seed (or on the first
-- GET /api/products when the demo was never seeded).
CREATE TABLE products (
    id             BIGINT  PRIMARY KEY,
    name           TEXT    NOT NULL,
    description    TEXT    NOT NULL,
    price_cents    BIGINT  NOT NULL CHECK (price_cents > 0),
    -- The struck-through price when on sale.
    original_price_cents BIGINT CHECK (original_price_cents IS NULL OR original_price_cents > price_cents),
    image_key      TEXT,
    product_url    TEXT    NOT NULL,
    category       TEXT    NOT NULL CHECK (category IN ('accessories', 'shirts', 'hoodies', 'jackets')),
    -- 0–50: the rating in tenths of a star (4.7 is 47), exact on both backends.
    rating_tenths  BIGINT  NOT NULL CHECK (rating_tenths BETWEEN 0 AND 50),
    reviews        BIGINT  NOT NULL CHECK (reviews >= 0),
    -- Units left: an order takes them by one conditional UPDATE, never below zero.
    stock          BIGINT  NOT NULL CHECK (stock >= 0),
    badge          TEXT    CHECK (badge IN ('New Arrival', 'Limited Edition', 'Best Seller'))
);
INSERT INTO products (id, name, description, price_cents, original_price_cents, product_url,
                      category, rating_tenths, reviews, stock, badge) VALUES
    (1, 'Atelier Canvas Tote', 'Heavy cotton canvas tote with an inside pocket for sketchbooks and brushes.',
        5000, NULL, 'https://shop.atelier.example/products/atelier-canvas-tote', 'accessories', 46, 128, 40, 'Best Seller'),
    (2, 'Sketchbook Sling Bag', 'Compact sling with a padded sleeve for an A5 sketchbook, pens and a phone.',
        6500, 8000, 'https://shop.atelier.example/products/sketchbook-sling-bag', 'accessories', 44, 57, 25, NULL),
    (3, 'Palette Knit Beanie', 'Soft merino beanie knitted in a six-colour palette stripe.',
        5500, NULL, 'https://shop.atelier.example/products/palette-knit-beanie', 'accessories', 47, 203, 60, 'New Arrival'),
    (4, 'Brushstroke Tee', 'Organic cotton tee with a hand-painted brushstroke print on the chest.',
        5800, NULL, 'https://shop.atelier.example/products/brushstroke-tee', 'shirts', 45, 342, 80, 'Best Seller'),
    (5, 'Golden Hour Graphic Tee', 'Relaxed tee with a sunset gradient print that glows in warm light.',
        6200, 7500, 'https://shop.atelier.example/products/golden-hour-graphic-tee', 'shirts', 43, 96, 45, NULL),
    (6, 'Studio Linen Shirt', 'Breathable linen shirt with a chest pocket sized for a pencil.',
        8900, NULL, 'https://shop.atelier.example/products/studio-linen-shirt', 'shirts', 48, 61, 20, 'New Arrival'),
    (7, 'Night Shift Oversized Tee', 'Oversized heavyweight tee in washed black for late studio nights.',
        6000, NULL, 'https://shop.atelier.example/products/night-shift-oversized-tee', 'shirts', 42, 74, 35, NULL),
    (8, 'Creator Fleece Hoodie', 'Brushed fleece hoodie with a kangaroo pocket and an embroidered logo.',
        9500, NULL, 'https://shop.atelier.example/products/creator-fleece-hoodie', 'hoodies', 49, 512, 50, 'Best Seller'),
    (9, 'Colour Theory Zip Hoodie', 'Zip hoodie with a colour-wheel print on the back, numbered run.',
        10500, 12500, 'https://shop.atelier.example/products/colour-theory-zip-hoodie', 'hoodies', 46, 188, 12, 'Limited Edition'),
    (10, 'Sketch Club Pullover Hoodie', 'Midweight pullover hoodie with a sketch club crest.',
        9000, NULL, 'https://shop.atelier.example/products/sketch-club-pullover-hoodie', 'hoodies', 44, 143, 30, NULL),
    (11, 'Darkroom Denim Jacket', 'Raw selvedge denim jacket with a red darkroom-light lining.',
        14000, NULL, 'https://shop.atelier.example/products/darkroom-denim-jacket', 'jackets', 47, 89, 0, 'Limited Edition'),
    (12, 'Canvas Work Jacket', 'Waxed canvas chore jacket with four pockets for tools of the trade.',
        12500, 14000, 'https://shop.atelier.example/products/canvas-work-jacket', 'jackets', 45, 67, 15, NULL),
    (13, 'Gallery Bomber Jacket', 'Satin bomber jacket with an abstract print lining.',
        13500, NULL, 'https://shop.atelier.example/products/gallery-bomber-jacket', 'jackets', 48, 41, 8, 'New Arrival');

-- One row per order line: name and prices come from the catalogue at the time of the order.
CREATE TABLE orders (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id         BIGINT NOT NULL REFERENCES products (id),
    quantity           BIGINT NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    unit_price_cents   BIGINT NOT NULL CHECK (unit_price_cents > 0),
    total_amount_cents BIGINT NOT NULL CHECK (total_amount_cents = unit_price_cents * quantity),
    payment_method     TEXT   NOT NULL,
    -- The payment provider's reference of the charge.
    payment_reference  TEXT   NOT NULL,
    status             TEXT   NOT NULL CHECK (status IN ('paid')),
    -- The client's Idempotency-Key: a retry with the same key answers this order.
    idempotency_key    TEXT,
    created_at         BIGINT NOT NULL
);
-- The user's orders, newest first by keyset (`id < before`).
CREATE INDEX orders_user_id_idx ON orders (user_id, id);
CREATE UNIQUE INDEX orders_idempotency_key ON orders (user_id, idempotency_key);
CREATE INDEX orders_product_id_idx ON orders (product_id);

-- The earnings ledger: every credit a creator received (demo seed, `atelier admin credit`).
CREATE TABLE earning_credits (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
    note         TEXT   NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX earning_credits_user_id_idx ON earning_credits (user_id, id);

-- One balance row per user, moved with the ledger and the withdrawals in the same transaction
-- (DESIGN §3 "Balances", §6): a withdrawal is one conditional UPDATE of this row, and the
-- CHECKs make an overdraft or a lost cent impossible on either backend.
CREATE TABLE balances (
    user_id              BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- The sum of the user's credits.
    total_earnings_cents BIGINT NOT NULL DEFAULT 0 CHECK (total_earnings_cents >= 0),
    -- The sum of pending withdrawals.
    pending_cents        BIGINT NOT NULL DEFAULT 0 CHECK (pending_cents >= 0),
    -- The sum of completed withdrawals.
    completed_cents      BIGINT NOT NULL DEFAULT 0 CHECK (completed_cents >= 0),
    available_cents      BIGINT NOT NULL DEFAULT 0 CHECK (available_cents >= 0),
    CHECK (available_cents = total_earnings_cents - pending_cents - completed_cents)
);

-- Payout requests. The whole account number is stored (the payout needs it); answers show
-- only its last 4 characters.
CREATE TABLE withdrawals (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_cents    BIGINT NOT NULL CHECK (amount_cents BETWEEN 100 AND 100000000),
    fee_cents       BIGINT NOT NULL CHECK (fee_cents >= 0),
    net_cents       BIGINT NOT NULL CHECK (net_cents = amount_cents - fee_cents),
    payment_method  TEXT   NOT NULL CHECK (payment_method IN ('bank_transfer', 'paypal')),
    account_holder  TEXT,
    account_number  TEXT,
    routing_number  TEXT,
    email           TEXT,
    status          TEXT   NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
    requested_at    BIGINT NOT NULL,
    processed_at    BIGINT,
    notes           TEXT
);
-- The user's withdrawals, newest first by keyset (`id < before`).
CREATE INDEX withdrawals_user_id_idx ON withdrawals (user_id, id);
-- The admin queue of the next issue: pending ones, oldest first.
CREATE INDEX withdrawals_pending_idx ON withdrawals (id) WHERE status = 'pending';
