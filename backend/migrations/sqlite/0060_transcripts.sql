-- Transcripts of voice (issue 47): each voice message, voicemail and voice reaction gets one,
-- made in the background by the transcription worker (platform/transcribe). A row is the job
-- while `pending` (claimed with a lease through next_attempt_at, like the outboxes), then the
-- transcript (`done`, text "" for silence) or nothing shown (`failed`). It goes with its
-- audio: deleted with the message, voicemail or reaction, and with its speaker's account;
-- the speaker turning 'Voice Auto-transcription' off deletes theirs.
CREATE TABLE transcripts (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id        BIGINT  UNIQUE REFERENCES messages (id) ON DELETE CASCADE,
    voicemail_id      BIGINT  UNIQUE REFERENCES voicemails (id) ON DELETE CASCADE,
    voice_reaction_id BIGINT  UNIQUE REFERENCES voice_reactions (id) ON DELETE CASCADE,
    speaker_id        BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    media_key         TEXT    NOT NULL,
    state             TEXT    NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
    text              TEXT,
    attempts          BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at   BIGINT  NOT NULL,
    created_at        BIGINT  NOT NULL,
    CHECK ((message_id IS NOT NULL) + (voicemail_id IS NOT NULL) + (voice_reaction_id IS NOT NULL) = 1)
);
CREATE INDEX transcripts_due_idx ON transcripts (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX transcripts_speaker_idx ON transcripts (speaker_id);

-- A voicemail's transcript was the sender's to give; it is the server's to make now. Those
-- given are kept as done transcripts.
INSERT INTO transcripts (voicemail_id, speaker_id, media_key, state, text, next_attempt_at, created_at)
SELECT id, sender_id, media_key, 'done', transcript, created_at, created_at
FROM voicemails WHERE transcript IS NOT NULL;
ALTER TABLE voicemails DROP COLUMN transcript;
