-- Digital works (issue 23, docs/economy-contract.md, slice 3): the file a buyer downloads,
-- kept in the media store under a key `/media` never serves (`works/{sha256}`), with the name
-- it was uploaded under and its size. A digital work has no stock (its `stock` stays 0 and is
-- never taken).
ALTER TABLE products ADD COLUMN file_key TEXT;
ALTER TABLE products ADD COLUMN file_name TEXT;
ALTER TABLE products ADD COLUMN file_size BIGINT;
