-- A reader's own documents, made accessible: the uploaded file is converted by a worker into an
-- EPUB 3. A document is a job row too (claimed like downloads), and it is its owner's alone: it
-- is no title of the catalog, so it is in no one's search and counts against no allowance.
CREATE TABLE documents (
    document_id      TEXT PRIMARY KEY,
    owner_id         TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    mime_type        TEXT NOT NULL,
    source_key       TEXT NOT NULL,
    -- queued, converting, ready, failed
    status           TEXT NOT NULL,
    epub_key         TEXT,
    error            TEXT,
    attempts         BIGINT NOT NULL DEFAULT 0,
    claimed_at       BIGINT,
    created_at       BIGINT NOT NULL,
    ready_at         BIGINT
);
CREATE INDEX documents_owner ON documents (owner_id, created_at);
CREATE INDEX documents_queue ON documents (status, created_at);
