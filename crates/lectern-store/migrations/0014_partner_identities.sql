-- Accounts a partner vouched for: the partner's subject (`sub` of its identity tokens) is linked to
-- one account per site, so that the member signs in later with a fresh token of the same partner
-- instead of a password. The issuer is part of the key: subjects are unique only per issuer.
CREATE TABLE partner_identities (
    site_id          TEXT NOT NULL,
    issuer           TEXT NOT NULL,
    subject          TEXT NOT NULL,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (site_id, issuer, subject)
);
CREATE INDEX partner_identities_account ON partner_identities (user_account_id);
