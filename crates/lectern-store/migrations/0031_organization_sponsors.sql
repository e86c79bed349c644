-- An organization's sponsors, found without reading its members: the staff's organization page
-- and the sponsors' own list ask for them on every view, and an organization of 100,000
-- members has a handful of sponsors. A partial index, whose condition both engines match to
-- the queries' own term (`members::filter`, `account_search`'s role filter), written alike.
CREATE INDEX users_organization_sponsors ON users (organization_id, last_name, first_name, user_account_id)
    WHERE ',' || roles || ',' LIKE '%,organizationSponsor,%';
