-- Calls (issue 8): one row per call attempt, the people in a call now, and the outcome a
-- conversation's 'call' line shows. Portable shapes (DESIGN §1).
CREATE TABLE calls (
    id              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id BIGINT  NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    caller_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    callee_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at      BIGINT  NOT NULL,
    answered_at     BIGINT,
    ended_at        BIGINT,
    -- completed (answered), missed (cancelled, timed out or the caller left while ringing),
    -- declined, busy (the callee was in another call), offline (the callee had no socket).
    outcome         TEXT    CHECK (outcome IN ('completed', 'missed', 'declined', 'busy', 'offline')),
    -- The server instances holding the caller's socket and the callee's answering socket: a
    -- call whose instance is gone (a crash) is over, whatever its row says.
    caller_instance TEXT,
    callee_instance TEXT,
    CHECK ((ended_at IS NULL AND outcome IS NULL) OR (ended_at IS NOT NULL AND outcome IS NOT NULL))
);
CREATE INDEX calls_conversation_id_idx ON calls (conversation_id);
CREATE INDEX calls_caller_id_idx ON calls (caller_id);
CREATE INDEX calls_callee_id_idx ON calls (callee_id);

-- The people in an open (ringing or answered) call, one row each: the primary key makes a
-- second call to someone already in one fail to insert, on every instance at once (busy).
CREATE TABLE call_parties (
    user_id BIGINT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    call_id BIGINT NOT NULL REFERENCES calls (id) ON DELETE CASCADE
);
CREATE INDEX call_parties_call_id_idx ON call_parties (call_id);

-- A 'call' message's outcome as the conversation shows it (busy and offline show as missed).
ALTER TABLE messages ADD COLUMN call_outcome TEXT
    CHECK (call_outcome IN ('completed', 'missed', 'declined'));
