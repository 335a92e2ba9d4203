-- A sent message's Idempotency-Key: a browser's Retry after a send it never heard back from
-- (the instance died between the commit and the answer) finds the first message instead of
-- storing a second. Keys are per sender; shares, call and system lines carry none.
ALTER TABLE messages ADD COLUMN client_key TEXT;
CREATE UNIQUE INDEX messages_client_key ON messages (sender_id, client_key)
    WHERE client_key IS NOT NULL;
