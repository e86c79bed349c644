-- Each site's OPDS catalog signs readers in and answers them as a client key of its own, since
-- reading apps put no api_key in the URLs they are given. Trusted (apps sign in with the
-- password grant) and public (apps keep no secret); one per site.
ALTER TABLE clients ADD COLUMN opds_catalog BIGINT NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX clients_opds_catalog_site ON clients (site_id) WHERE opds_catalog = 1;
INSERT INTO clients (api_key, name, site_id, secret_hash, redirect_uris, trusted, privileged,
                     disabled, created_at, opds_catalog)
SELECT 'opds-' || id, name || ' OPDS catalog', id, NULL, '[]', 1, 0, 0, created_at, 1
FROM sites
WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.api_key = 'opds-' || sites.id);
