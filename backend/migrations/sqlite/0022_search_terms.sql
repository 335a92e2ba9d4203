-- The words posts are searched by, and how many posts hold each (issue 19,
-- docs/community-contract.md "Search"): what the last word of a search, typed as a prefix,
-- expands to (db::search::completions). FTS5 has no prefix index here, and a prefix query
-- gathers the whole doclist of every word that begins so before it walks, work that grows
-- with the site; the most used completions, ORed as exact words, stream instead.
--
-- Kept in step with posts.search_words by the triggers below, in the transaction that writes
-- or deletes the post (a deleted account's posts too, through ON DELETE CASCADE). A word's
-- count may reach 0 and its row stays; searches skip it. WITHOUT ROWID: the primary key b-tree
-- holds posts_count, so a prefix is a range of it that reads nothing else.
CREATE TABLE search_terms (
    term        TEXT   NOT NULL PRIMARY KEY,
    posts_count BIGINT NOT NULL DEFAULT 0 CHECK (posts_count >= 0)
) WITHOUT ROWID;

-- search_words is words (letters and digits, domain::tag::words) separated by single spaces,
-- so it becomes a JSON array of strings by replacing each space with `","`: no word holds a
-- quote or a backslash. (Triggers cannot use WITH, so no recursive split.) Each post counts a
-- word once.
CREATE TRIGGER search_terms_after_insert AFTER INSERT ON posts WHEN new.search_words <> '' BEGIN
    INSERT INTO search_terms (term, posts_count)
    SELECT DISTINCT value, 1 FROM json_each('["' || replace(new.search_words, ' ', '","') || '"]')
    WHERE value <> ''
    ON CONFLICT (term) DO UPDATE SET posts_count = posts_count + 1;
END;
CREATE TRIGGER search_terms_after_delete AFTER DELETE ON posts WHEN old.search_words <> '' BEGIN
    UPDATE search_terms SET posts_count = posts_count - 1
    WHERE term IN (SELECT value FROM json_each('["' || replace(old.search_words, ' ', '","') || '"]'));
END;
CREATE TRIGGER search_terms_after_update AFTER UPDATE OF search_words ON posts BEGIN
    UPDATE search_terms SET posts_count = posts_count - 1
    WHERE old.search_words <> ''
      AND term IN (SELECT value FROM json_each('["' || replace(old.search_words, ' ', '","') || '"]'));
    INSERT INTO search_terms (term, posts_count)
    SELECT DISTINCT value, 1 FROM json_each('["' || replace(new.search_words, ' ', '","') || '"]')
    WHERE new.search_words <> '' AND value <> ''
    ON CONFLICT (term) DO UPDATE SET posts_count = posts_count + 1;
END;

-- The posts written so far (those the tags backfill has not reached yet have no words: the
-- update trigger counts them when it does).
INSERT INTO search_terms (term, posts_count)
SELECT term, COUNT(*) FROM (
    SELECT DISTINCT p.id, j.value AS term
    FROM posts p, json_each('["' || replace(p.search_words, ' ', '","') || '"]') j
    WHERE p.search_words <> '' AND j.value <> ''
)
GROUP BY term;
