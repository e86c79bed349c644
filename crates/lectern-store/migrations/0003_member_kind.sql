-- Which member roles an account holds ('individual', 'organization', 'both', or NULL for none),
-- kept beside `roles` so that member lists filter and count from an index instead of matching text
-- in every row's role list, which the planners can neither index nor estimate.
ALTER TABLE users ADD COLUMN member_kind TEXT;
UPDATE users SET member_kind = CASE
    WHEN ',' || roles || ',' LIKE '%,organizationMember,%' AND ',' || roles || ',' LIKE '%,individualMember,%' THEN 'both'
    WHEN ',' || roles || ',' LIKE '%,organizationMember,%' THEN 'organization'
    WHEN ',' || roles || ',' LIKE '%,individualMember,%' THEN 'individual'
    ELSE NULL
END;
CREATE INDEX users_organization_member_kind ON users (organization_id, member_kind);
