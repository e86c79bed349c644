-- The title catalog. A title keeps, as columns, what rules, feeds and lists need, and the rest of
-- its record as one JSON document: reads are by id, and search goes to the index, not here.
CREATE TABLE titles (
    service_id         TEXT PRIMARY KEY,
    site_id            TEXT NOT NULL REFERENCES sites (id),
    status             TEXT NOT NULL,
    usage_restriction  TEXT NOT NULL,
    adult_content      BIGINT NOT NULL DEFAULT 0,
    nimac              BIGINT NOT NULL DEFAULT 0,
    -- Comma-joined ISO 3166 alpha-2 codes; empty means everywhere.
    countries          TEXT NOT NULL DEFAULT '',
    date_added         BIGINT NOT NULL,
    last_updated       BIGINT NOT NULL,
    -- Position in the change feed: every write takes the next number from catalog_counters in
    -- its own transaction, so numbers are handed out in commit order and a follower reading
    -- `seq > last` never skips a change.
    seq                BIGINT NOT NULL,
    record             TEXT NOT NULL
);
CREATE UNIQUE INDEX titles_seq ON titles (seq);
CREATE INDEX titles_site_status ON titles (site_id, status);

CREATE TABLE catalog_counters (
    name   TEXT PRIMARY KEY,
    value  BIGINT NOT NULL
);
INSERT INTO catalog_counters (name, value) VALUES ('titles', 0);

CREATE TABLE categories (
    name         TEXT PRIMARY KEY,
    description  TEXT
);

CREATE TABLE bisac_codes (
    code             TEXT PRIMARY KEY,
    description      TEXT NOT NULL,
    -- Lower-cased description, for case-insensitive prefix search from an index.
    description_key  TEXT NOT NULL
);
CREATE INDEX bisac_codes_description ON bisac_codes (description_key, code);

CREATE TABLE popular_lists (
    list_id      TEXT PRIMARY KEY,
    site_id      TEXT NOT NULL REFERENCES sites (id),
    description  TEXT NOT NULL
);
CREATE INDEX popular_lists_site ON popular_lists (site_id, list_id);

CREATE TABLE popular_list_titles (
    list_id     TEXT NOT NULL REFERENCES popular_lists (list_id) ON DELETE CASCADE,
    position    BIGINT NOT NULL,
    service_id  TEXT NOT NULL REFERENCES titles (service_id),
    PRIMARY KEY (list_id, position)
);

CREATE TABLE periodical_series (
    series_id      TEXT PRIMARY KEY,
    site_id        TEXT NOT NULL REFERENCES sites (id),
    title_key      TEXT NOT NULL,
    issn           TEXT,
    edition_count  BIGINT NOT NULL DEFAULT 0,
    record         TEXT NOT NULL
);
CREATE INDEX periodical_series_title ON periodical_series (site_id, title_key, series_id);

CREATE TABLE periodical_editions (
    edition_id        TEXT PRIMARY KEY,
    series_id         TEXT NOT NULL REFERENCES periodical_series (series_id) ON DELETE CASCADE,
    edition_name      TEXT NOT NULL,
    publication_date  BIGINT NOT NULL,
    withdrawn         BIGINT NOT NULL DEFAULT 0,
    record            TEXT NOT NULL
);
CREATE INDEX periodical_editions_series ON periodical_editions (series_id, publication_date, edition_id);

-- What the access rules need of readers and organizations.
ALTER TABLE users ADD COLUMN allow_adult_content BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN has_education_plan BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN monthly_quota BIGINT;
ALTER TABLE organizations ADD COLUMN allow_search_downloads BIGINT NOT NULL DEFAULT 1;
ALTER TABLE organizations ADD COLUMN safe_search BIGINT NOT NULL DEFAULT 1;
ALTER TABLE organizations ADD COLUMN can_download_nimac BIGINT NOT NULL DEFAULT 0;

-- Downloads: each one is a per-user packaging job, then the record of the download (it feeds
-- the history and the monthly allowance). The reader is the account the package is made for
-- (NULL for a guest, who may download public-domain and Creative Commons titles); `requester`
-- identifies who polls for it: the caller's account, or for a guest the client key.
-- `subject` is the title's service id, or 'seriesId/editionId' for a periodical edition.
CREATE TABLE downloads (
    download_id      TEXT PRIMARY KEY,
    user_account_id  TEXT REFERENCES users (user_account_id) ON DELETE CASCADE,
    requester        TEXT NOT NULL,
    subject_kind     TEXT NOT NULL,
    subject          TEXT NOT NULL,
    format           TEXT NOT NULL,
    -- queued, packaging, ready, failed
    status           TEXT NOT NULL,
    object_key       TEXT,
    error            TEXT,
    attempts         BIGINT NOT NULL DEFAULT 0,
    claimed_at       BIGINT,
    created_at       BIGINT NOT NULL,
    ready_at         BIGINT
);
CREATE INDEX downloads_request ON downloads (requester, subject_kind, subject, format, created_at);
CREATE INDEX downloads_requester_status ON downloads (requester, status);
CREATE INDEX downloads_queue ON downloads (status, created_at);
CREATE INDEX downloads_month ON downloads (user_account_id, created_at);

-- Values the nodes share, made once: the key that signs download URLs.
CREATE TABLE server_secrets (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
