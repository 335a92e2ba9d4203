-- The words posts are searched by, and how many posts hold each (issue 19,
-- docs/community-contract.md "Search"): what the last word of a search, typed as a prefix,
-- expands to (db::search::completions), so a search reads the posting lists of a bounded
-- number of exact words instead of every word that begins so.
--
-- Kept in step with posts.search_words by the trigger below, in the transaction that writes
-- or deletes the post (a deleted account's posts too, through ON DELETE CASCADE). A word's
-- count may reach 0 and its row stays; searches skip it. COLLATE "C": words compare by code
-- point, so a prefix is a range (`term >= $1 AND term < $1 || U+10FFFF`) of the primary key,
-- which carries posts_count (INCLUDE) for an index-only scan.
CREATE TABLE search_terms (
    term        TEXT COLLATE "C" NOT NULL,
    posts_count BIGINT NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
    CONSTRAINT search_terms_pkey PRIMARY KEY (term) INCLUDE (posts_count)
);

-- search_words is words separated by single spaces (domain::tag::words). Each post counts a
-- word once; the words are taken in order, increments and decrements alike, so two posts
-- written or deleted at once lock the rows they share in the same order (no deadlock).
CREATE FUNCTION search_terms_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    word TEXT;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.search_words <> '' THEN
        FOR word IN
            SELECT DISTINCT w FROM unnest(string_to_array(OLD.search_words, ' ')) AS w
            WHERE w <> '' ORDER BY w
        LOOP
            UPDATE search_terms SET posts_count = posts_count - 1 WHERE term = word;
        END LOOP;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.search_words <> '' THEN
        INSERT INTO search_terms (term, posts_count)
        SELECT DISTINCT w, 1 FROM unnest(string_to_array(NEW.search_words, ' ')) AS w
        WHERE w <> ''
        ORDER BY w
        ON CONFLICT (term) DO UPDATE SET posts_count = search_terms.posts_count + 1;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER search_terms_counted AFTER INSERT OR DELETE ON posts
    FOR EACH ROW EXECUTE FUNCTION search_terms_count();
CREATE TRIGGER search_terms_recounted AFTER UPDATE OF search_words ON posts
    FOR EACH ROW WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
    EXECUTE FUNCTION search_terms_count();

-- The posts written so far (those the tags backfill has not reached yet have no words: the
-- update trigger counts them when it does).
INSERT INTO search_terms (term, posts_count)
SELECT word, COUNT(DISTINCT p.id)
FROM posts p, unnest(string_to_array(p.search_words, ' ')) AS word
WHERE p.search_words <> '' AND word <> ''
GROUP BY word;
