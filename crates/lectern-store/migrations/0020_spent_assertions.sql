-- Identity assertions (the partner's JWTs) that signed someone in or created an account, kept
-- until they expire, so that the same assertion cannot be presented twice (RFC 7523 3, "jti").
-- The key is the issuer and jti, or the token's hash when it has no jti.
CREATE TABLE spent_assertions (
    assertion_key  TEXT PRIMARY KEY,
    expires_at     BIGINT NOT NULL
);
CREATE INDEX spent_assertions_expiry ON spent_assertions (expires_at);
