-- A member's school grade (ONIX code list 77 in the US, BIC in the UK), listed and sorted on by
-- membership assistants.
ALTER TABLE users ADD COLUMN grade TEXT;
CREATE INDEX users_organization_first_name ON users (organization_id, first_name, last_name, user_account_id);
