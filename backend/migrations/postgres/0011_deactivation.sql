-- Deactivated accounts (issue 10): the row and everything the user made stay; while
-- deactivated_at is set (epoch milliseconds) the account is hidden from search and profiles and
-- cannot sign in. `atelier admin restore USER` clears it.
ALTER TABLE users ADD COLUMN deactivated_at BIGINT;
