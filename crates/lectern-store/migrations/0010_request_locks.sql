-- A row per requester (or reader) that a check-then-insert locks first: taking it with an upsert
-- makes concurrent transactions for the same key wait for one another on both engines (a row
-- lock on PostgreSQL, the one writer on SQLite), so their checks see each other's inserts.
CREATE TABLE request_locks (
    lock_key    TEXT PRIMARY KEY,
    touched_at  BIGINT NOT NULL
);
