-- KOReader's progress sync. A reader's sync key (what they type into KOReader as its password)
-- is kept as a hash; each delivered package keeps KOReader's name for its file (the partial MD5),
-- so that progress KOReader reports for that file is the reader's in that title and format; and
-- KOReader's own last report is kept whole, since its position is in its own terms.
CREATE TABLE sync_keys (
    user_account_id  TEXT PRIMARY KEY REFERENCES users (user_account_id) ON DELETE CASCADE,
    key_hash         TEXT NOT NULL,
    created_at       BIGINT NOT NULL
);

ALTER TABLE downloads ADD COLUMN partial_md5 TEXT;
CREATE INDEX downloads_partial_md5 ON downloads (partial_md5, user_account_id);

CREATE TABLE kosync_progress (
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    document         TEXT NOT NULL,
    -- The title and format of the file, when it is one Lectern delivered to this reader; a
    -- reader's other books sync too, as they would with any kosync server.
    service_id       TEXT,
    format           TEXT,
    progress         TEXT NOT NULL,
    percentage       DOUBLE PRECISION NOT NULL,
    device           TEXT NOT NULL,
    device_id        TEXT NOT NULL,
    updated_at       BIGINT NOT NULL,
    PRIMARY KEY (user_account_id, document)
);
