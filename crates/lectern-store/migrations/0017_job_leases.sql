-- A claimed job carries the id of its claim, and a worker renews `claimed_at` under that id while
-- it works, so that a job whose worker went silent can be taken up within seconds rather than
-- after a fixed wait long enough for the slowest job.
ALTER TABLE downloads ADD COLUMN lease TEXT;
ALTER TABLE speed_variants ADD COLUMN lease TEXT;
ALTER TABLE documents ADD COLUMN lease TEXT;
CREATE INDEX downloads_lease ON downloads (lease);
CREATE INDEX speed_variants_lease ON speed_variants (lease);
CREATE INDEX documents_lease ON documents (lease);
