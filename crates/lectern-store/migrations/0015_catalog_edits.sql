-- Collection assistants' edits: accepted (202) and applied later by a worker. An edit is kept as
-- the form that was sent; applying it marks it applied (or notApplied, with the reason) in the
-- same transaction that changes the title, so that an edit is applied exactly once whatever
-- stops in between. `seq` is the order of acceptance: edits of one target apply in that order.
-- The applied and refused edits of a title are its history.
CREATE TABLE catalog_edits (
    edit_id            TEXT PRIMARY KEY,
    seq                BIGINT NOT NULL,
    site_id            TEXT NOT NULL,
    -- title, artifact (detail: the format), edition (detail: the edition id; withdrawn)
    kind               TEXT NOT NULL,
    target_id          TEXT NOT NULL,
    detail             TEXT,
    form               TEXT NOT NULL,
    requested_by       TEXT NOT NULL,
    requested_by_name  TEXT NOT NULL,
    comment            TEXT,
    -- queued, applied, notApplied
    status             TEXT NOT NULL,
    action             TEXT NOT NULL,
    changes            TEXT,
    reason             TEXT,
    created_at         BIGINT NOT NULL,
    applied_at         BIGINT
);
CREATE UNIQUE INDEX catalog_edits_seq ON catalog_edits (seq);
CREATE INDEX catalog_edits_queue ON catalog_edits (status, seq);
CREATE INDEX catalog_edits_target ON catalog_edits (target_id, seq);
INSERT INTO catalog_counters (name, value) VALUES ('edits', 0);

-- Product identifiers are unique within a site's collection.
CREATE TABLE title_product_identifiers (
    site_id             TEXT NOT NULL,
    product_identifier  TEXT NOT NULL,
    service_id          TEXT NOT NULL,
    PRIMARY KEY (site_id, product_identifier)
);
CREATE INDEX title_product_identifiers_title ON title_product_identifiers (service_id);
