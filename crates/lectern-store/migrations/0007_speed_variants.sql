-- MP3 resources made at another playback speed (document 1: `speed`, 0.5 to 3.5). A variant
-- belongs to one version of its source file (its last-modified time, in milliseconds), so a
-- replaced file is made again; every reader of the file shares it, as resources are not stamped.
CREATE TABLE speed_variants (
    source_key      TEXT NOT NULL,
    source_version  BIGINT NOT NULL,
    -- hundredths: 150 is 1.5 times as fast
    speed           INTEGER NOT NULL,
    -- queued, making, ready, failed
    status          TEXT NOT NULL,
    object_key      TEXT,
    error           TEXT,
    attempts        BIGINT NOT NULL DEFAULT 0,
    claimed_at      BIGINT,
    created_at      BIGINT NOT NULL,
    ready_at        BIGINT,
    PRIMARY KEY (source_key, source_version, speed)
);
CREATE INDEX speed_variants_queue ON speed_variants (status, created_at);
