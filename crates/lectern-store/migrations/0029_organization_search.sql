-- Staff find organizations by the start of a word of their name, whatever its case
-- (`organization_search`): the name lower-cased, and an index that lists a site's in name order.
ALTER TABLE organizations ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE organizations SET name_key = lower(organization_name);
CREATE INDEX organizations_site_name ON organizations (site_id, name_key, organization_id);
