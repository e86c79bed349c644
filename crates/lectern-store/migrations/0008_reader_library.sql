-- The reader's own marks in titles. Rows go with their reader; they name a title by its service
-- id without a foreign key, so that a title withdrawn or replaced later does not take a reader's
-- notes with it.

CREATE TABLE bookmarks (
    user_account_id    TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    service_id         TEXT NOT NULL,
    format             TEXT NOT NULL,
    location           TEXT NOT NULL,
    text               TEXT,
    position           BIGINT,
    progression        DOUBLE PRECISION,
    total_progression  DOUBLE PRECISION,
    date_created       BIGINT NOT NULL,
    PRIMARY KEY (user_account_id, service_id, format, location)
);
CREATE INDEX bookmarks_page ON bookmarks (user_account_id, service_id, format, date_created, location);

CREATE TABLE highlights (
    user_account_id    TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    service_id         TEXT NOT NULL,
    format             TEXT NOT NULL,
    location           TEXT NOT NULL,
    text               TEXT,
    position           BIGINT,
    progression        DOUBLE PRECISION,
    total_progression  DOUBLE PRECISION,
    color              TEXT NOT NULL,
    note               TEXT,
    date_created       BIGINT NOT NULL,
    date_updated       BIGINT NOT NULL,
    PRIMARY KEY (user_account_id, service_id, format, location)
);
CREATE INDEX highlights_page ON highlights (user_account_id, service_id, format, date_created, location);

-- Every acknowledged event is kept: recommendations read them.
CREATE TABLE reading_events (
    event_id              TEXT PRIMARY KEY,
    user_account_id       TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    service_id            TEXT NOT NULL,
    format                TEXT NOT NULL,
    location              TEXT NOT NULL,
    location_description  TEXT,
    metric                BIGINT NOT NULL,
    metric_type           TEXT NOT NULL,
    occurred_at           BIGINT NOT NULL
);
CREATE INDEX reading_events_reader ON reading_events (user_account_id, occurred_at);
CREATE INDEX reading_events_title ON reading_events (service_id, user_account_id);

-- The position each event leaves, kept beside the events so that reading it is one lookup.
CREATE TABLE reading_positions (
    user_account_id       TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    service_id            TEXT NOT NULL,
    format                TEXT NOT NULL,
    location              TEXT NOT NULL,
    location_description  TEXT,
    date_added            BIGINT NOT NULL,
    date_modified         BIGINT NOT NULL,
    PRIMARY KEY (user_account_id, service_id, format)
);
