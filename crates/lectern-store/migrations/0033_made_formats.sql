-- Formats made from a title's EPUB master that a reader asked to stream (their resources) before
-- any download had made them: queued here, made by the worker in the lane a package of the
-- format would take, and shared by every reader (resources are not stamped). One row per title,
-- format and variant (the braille layout, or 'default'); the master's key says which file it is
-- made from, and the file store keeps what was made under the master's digest.
CREATE TABLE made_formats (
    service_id  TEXT NOT NULL,
    format      TEXT NOT NULL,
    variant     TEXT NOT NULL,
    master_key  TEXT NOT NULL,
    -- queued, making, ready, failed
    status      TEXT NOT NULL,
    error       TEXT,
    attempts    BIGINT NOT NULL DEFAULT 0,
    claimed_at  BIGINT,
    lease       TEXT,
    created_at  BIGINT NOT NULL,
    ready_at    BIGINT,
    PRIMARY KEY (service_id, format, variant)
);
CREATE INDEX made_formats_queue ON made_formats (status, created_at);
CREATE INDEX made_formats_lease ON made_formats (lease);
