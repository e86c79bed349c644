-- Each site's web pages sign readers in and answer them as a client key of their own, as its
-- OPDS catalog does (0024): a browser sends no api_key. Trusted and public; one per site.
ALTER TABLE clients ADD COLUMN web_pages BIGINT NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX clients_web_pages_site ON clients (site_id) WHERE web_pages = 1;
INSERT INTO clients (api_key, name, site_id, secret_hash, redirect_uris, trusted, privileged,
                     disabled, created_at, web_pages)
SELECT 'web-' || id, name || ' web pages', id, NULL, '[]', 1, 0, 0, created_at, 1
FROM sites
WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.api_key = 'web-' || sites.id);
