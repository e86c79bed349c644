-- One schema for SQLite and PostgreSQL: only types both accept the same way. Booleans are
-- BIGINT 0/1 and instants are BIGINT Unix seconds, because the portable driver decodes those
-- identically on both engines.

CREATE TABLE sites (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    global      BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);

CREATE TABLE clients (
    api_key        TEXT PRIMARY KEY,
    name           TEXT NOT NULL,
    site_id        TEXT NOT NULL REFERENCES sites (id),
    secret_hash    TEXT,
    redirect_uris  TEXT NOT NULL,
    trusted        BIGINT NOT NULL DEFAULT 0,
    privileged     BIGINT NOT NULL DEFAULT 0,
    disabled       BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL
);

CREATE TABLE organizations (
    organization_id        TEXT PRIMARY KEY,
    site_id                TEXT NOT NULL REFERENCES sites (id),
    organization_name      TEXT NOT NULL,
    organization_type      TEXT NOT NULL,
    address1               TEXT,
    address2               TEXT,
    city                   TEXT,
    state                  TEXT,
    postal_code            TEXT,
    country                TEXT NOT NULL,
    phone_number           TEXT,
    web_site               TEXT,
    has_service_plus       BIGINT NOT NULL DEFAULT 0,
    has_reading_companion  BIGINT NOT NULL DEFAULT 0,
    created_at             BIGINT NOT NULL
);
CREATE INDEX organizations_site ON organizations (site_id, organization_id);

CREATE TABLE users (
    user_account_id             TEXT PRIMARY KEY,
    user_name                   TEXT,
    -- Lower-cased user name: names are unique across sites regardless of case, because a user
    -- signs in on the shared token server before any site is known.
    user_name_key               TEXT UNIQUE,
    password_hash               TEXT,
    site_id                     TEXT NOT NULL REFERENCES sites (id),
    roles                       TEXT NOT NULL,
    first_name                  TEXT NOT NULL,
    last_name                   TEXT NOT NULL,
    date_of_birth               TEXT,
    country                     TEXT,
    organization_id             TEXT REFERENCES organizations (organization_id),
    has_agreement               BIGINT NOT NULL DEFAULT 0,
    subscription_status         TEXT NOT NULL,
    proof_of_disability_status  TEXT NOT NULL,
    locked                      BIGINT NOT NULL DEFAULT 0,
    created_at                  BIGINT NOT NULL
);
CREATE INDEX users_site ON users (site_id, last_name, first_name, user_account_id);
CREATE INDEX users_organization ON users (organization_id, last_name, first_name, user_account_id);

-- Tokens are stored only as SHA-256 hashes. A grant groups everything issued from one sign-in
-- (code or password) and its refreshes, so that a replayed code or refresh token can revoke it all.
CREATE TABLE access_tokens (
    token_hash       TEXT PRIMARY KEY,
    grant_id         TEXT NOT NULL,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    api_key          TEXT NOT NULL REFERENCES clients (api_key) ON DELETE CASCADE,
    expires_at       BIGINT NOT NULL,
    revoked          BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX access_tokens_grant ON access_tokens (grant_id);
CREATE INDEX access_tokens_expiry ON access_tokens (expires_at);

CREATE TABLE refresh_tokens (
    token_hash       TEXT PRIMARY KEY,
    grant_id         TEXT NOT NULL,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    api_key          TEXT NOT NULL REFERENCES clients (api_key) ON DELETE CASCADE,
    expires_at       BIGINT NOT NULL,
    used             BIGINT NOT NULL DEFAULT 0,
    revoked          BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX refresh_tokens_grant ON refresh_tokens (grant_id);
CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);

CREATE TABLE authorization_codes (
    code_hash        TEXT PRIMARY KEY,
    grant_id         TEXT NOT NULL,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    api_key          TEXT NOT NULL REFERENCES clients (api_key) ON DELETE CASCADE,
    redirect_uri     TEXT NOT NULL,
    code_challenge   TEXT,
    expires_at       BIGINT NOT NULL,
    used             BIGINT NOT NULL DEFAULT 0
);

-- A browser's pass through /oauth/authorize, from the login form to the redirect. Keyed by
-- the hash of the value in its cookie; deleted when the flow ends.
CREATE TABLE authorization_flows (
    flow_hash        TEXT PRIMARY KEY,
    csrf_token       TEXT NOT NULL,
    api_key          TEXT NOT NULL REFERENCES clients (api_key) ON DELETE CASCADE,
    redirect_uri     TEXT NOT NULL,
    state            TEXT,
    code_challenge   TEXT,
    user_account_id  TEXT REFERENCES users (user_account_id) ON DELETE CASCADE,
    expires_at       BIGINT NOT NULL
);
