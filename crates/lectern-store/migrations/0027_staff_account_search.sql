-- Staff find accounts by the start of a name or user name, whatever its case (`account_search`):
-- the names lower-cased, as the user name already is, each with an index per site that walks
-- the matches in the list's order.
ALTER TABLE users ADD COLUMN last_name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN first_name_key TEXT NOT NULL DEFAULT '';
UPDATE users SET last_name_key = lower(last_name), first_name_key = lower(first_name);
CREATE INDEX users_site_last_name_key ON users (site_id, last_name_key, first_name_key, user_account_id);
CREATE INDEX users_site_first_name_key ON users (site_id, first_name_key, last_name_key, user_account_id);

-- What an assistant decided of a proof of disability sent for review, and why: a refused
-- submission is closed as an approved one is, with the note the member and staff read.
ALTER TABLE disability_submissions ADD COLUMN decision TEXT;
ALTER TABLE disability_submissions ADD COLUMN decision_note TEXT;
ALTER TABLE disability_submissions ADD COLUMN decided_by TEXT;
-- What the member said the proof shows, for the assistant's decision to start from.
ALTER TABLE disability_submissions ADD COLUMN proof_source TEXT;
ALTER TABLE disability_submissions ADD COLUMN disability_types TEXT NOT NULL DEFAULT '';
CREATE INDEX disability_submissions_open ON disability_submissions (created_at, submission_id)
    WHERE decided_at IS NULL;
