-- Accounts as records: what an account may download follows from its agreements, subscriptions
-- and proof of disability, kept as rows, instead of three status columns anyone could set. The
-- statuses are derived from the rows when an account is read (accounts.rs), so that an
-- agreement or a subscription lapses on its date without anything being rewritten.

ALTER TABLE users ADD COLUMN email_address TEXT;
ALTER TABLE users ADD COLUMN phone_number TEXT;
ALTER TABLE users ADD COLUMN address1 TEXT;
ALTER TABLE users ADD COLUMN address2 TEXT;
ALTER TABLE users ADD COLUMN city TEXT;
ALTER TABLE users ADD COLUMN state TEXT;
ALTER TABLE users ADD COLUMN postal_code TEXT;
ALTER TABLE users ADD COLUMN guardian_first_name TEXT;
ALTER TABLE users ADD COLUMN guardian_last_name TEXT;
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE users ADD COLUMN school_name TEXT;
ALTER TABLE users ADD COLUMN needs_new_password BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN credits BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN updated_at BIGINT;

-- Dates are 'YYYY-MM-DD' text, compared as text against the UTC date.
CREATE TABLE agreements (
    agreement_id              TEXT PRIMARY KEY,
    user_account_id           TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    agreement_type            TEXT NOT NULL,
    date_signed               TEXT NOT NULL,
    date_expired              TEXT,
    print_name                TEXT NOT NULL,
    recording_user            TEXT,
    signed_by_legal_guardian  BIGINT NOT NULL DEFAULT 0,
    created_at                BIGINT NOT NULL
);
CREATE INDEX agreements_user ON agreements (user_account_id, date_signed, agreement_id);

-- What a subscription of each type gives by default, and what a member pays for it in credits
-- when they buy it themselves (NULL: assistants grant it, members cannot buy it).
CREATE TABLE subscription_types (
    name                TEXT PRIMARY KEY,
    description         TEXT NOT NULL,
    price               BIGINT,
    duration_days       BIGINT,
    num_books_allowed   BIGINT,
    download_timeframe  TEXT
);
INSERT INTO subscription_types (name, description, price, duration_days, num_books_allowed, download_timeframe) VALUES
    ('individual', 'Individual membership for one year', 50, 365, NULL, NULL),
    ('individualLimited', 'Individual membership for one year, 10 books a month', 20, 365, 10, 'monthly'),
    ('student', 'Free membership for students with a qualifying disability', 0, 365, NULL, NULL),
    ('organization', 'Membership through an organization', NULL, NULL, NULL, NULL),
    ('complimentary', 'Complimentary membership granted by the library', NULL, NULL, NULL, NULL);

CREATE TABLE promo_codes (
    code_key           TEXT PRIMARY KEY,
    code               TEXT NOT NULL,
    site_id            TEXT NOT NULL REFERENCES sites (id),
    subscription_type  TEXT REFERENCES subscription_types (name),
    percent_off        BIGINT NOT NULL,
    uses_left          BIGINT,
    expires_on         TEXT
);

CREATE TABLE subscriptions (
    subscription_id     TEXT PRIMARY KEY,
    user_account_id     TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    subscription_type   TEXT NOT NULL REFERENCES subscription_types (name),
    start_date          TEXT NOT NULL,
    -- start_date's midnight UTC: where an allowance over the entire subscription counts from.
    start_at            BIGINT NOT NULL,
    end_date            TEXT,
    num_books_allowed   BIGINT,
    download_timeframe  TEXT,
    notes               TEXT,
    price               BIGINT NOT NULL DEFAULT 0,
    promo_code          TEXT,
    credits_used        BIGINT NOT NULL DEFAULT 0,
    payment_reference   TEXT,
    created_by          TEXT,
    created_at          BIGINT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_account_id, start_date, subscription_id);

CREATE TABLE disabilities (
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    disability_type  TEXT NOT NULL,
    proof_source     TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (user_account_id, disability_type)
);

-- Proof sent for review: another organization's membership, or a competent authority's
-- confirmation under way. Open while `decided_at` is NULL.
CREATE TABLE disability_submissions (
    submission_id    TEXT PRIMARY KEY,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    date_submitted   TEXT NOT NULL,
    note             TEXT NOT NULL,
    decided_at       BIGINT,
    created_at       BIGINT NOT NULL
);
CREATE INDEX disability_submissions_user ON disability_submissions (user_account_id, created_at);

-- A request to a competent authority, found by the hash of the identifier e-mailed to it.
CREATE TABLE competent_authority_requests (
    record_hash      TEXT PRIMARY KEY,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    submission_id    TEXT NOT NULL REFERENCES disability_submissions (submission_id) ON DELETE CASCADE,
    authority_email  TEXT NOT NULL,
    confirmed_at     BIGINT,
    created_at       BIGINT NOT NULL
);
CREATE INDEX competent_authority_user ON competent_authority_requests (user_account_id);

-- Mail the server would send, kept for an operator's mailer (and tests) to read.
CREATE TABLE outbox (
    message_id  TEXT PRIMARY KEY,
    site_id     TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    sent_at     BIGINT
);
CREATE INDEX outbox_unsent ON outbox (sent_at, created_at);

CREATE TABLE account_preferences (
    user_account_id          TEXT PRIMARY KEY REFERENCES users (user_account_id) ON DELETE CASCADE,
    show_all_books           BIGINT NOT NULL,
    show_recommendations     BIGINT NOT NULL,
    language                 TEXT,
    format                   TEXT,
    braille_grade            TEXT,
    use_ueb                  BIGINT NOT NULL,
    braille_format           TEXT,
    braille_cell_line_width  BIGINT,
    skip_upgrade_reminder    BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL
);

-- List fields are JSON arrays of strings.
CREATE TABLE recommendation_profiles (
    user_account_id            TEXT PRIMARY KEY REFERENCES users (user_account_id) ON DELETE CASCADE,
    include_global_collection  BIGINT NOT NULL,
    included_authors           TEXT NOT NULL,
    excluded_authors           TEXT NOT NULL,
    included_categories        TEXT NOT NULL,
    excluded_categories        TEXT NOT NULL,
    excluded_content_warnings  TEXT NOT NULL,
    narrator_gender            TEXT,
    narrator_type              TEXT,
    reading_age                BIGINT,
    updated_at                 BIGINT NOT NULL
);

-- Every change an assistant or administrator makes to an account: who, when, what, before and
-- after (JSON). Not tied to the account by a foreign key: the record outlives it.
CREATE TABLE account_changes (
    change_id        TEXT PRIMARY KEY,
    user_account_id  TEXT NOT NULL,
    site_id          TEXT NOT NULL,
    changed_by       TEXT NOT NULL,
    changed_at       BIGINT NOT NULL,
    action           TEXT NOT NULL,
    before_state     TEXT,
    after_state      TEXT
);
CREATE INDEX account_changes_user ON account_changes (user_account_id, change_id);

-- Tokens of a partner's drive, per account; stored as given, since they must be presented to
-- the drive, and removed when the member disconnects.
CREATE TABLE partner_tokens (
    user_account_id  TEXT PRIMARY KEY REFERENCES users (user_account_id) ON DELETE CASCADE,
    access_token     TEXT NOT NULL,
    token_type       TEXT NOT NULL,
    refresh_token    TEXT,
    expires_at       BIGINT,
    created_at       BIGINT NOT NULL
);

CREATE TABLE utm_referrals (
    referral_id      TEXT PRIMARY KEY,
    api_key          TEXT NOT NULL,
    user_account_id  TEXT,
    source           TEXT NOT NULL,
    medium           TEXT,
    campaign         TEXT,
    term             TEXT,
    content          TEXT,
    created_at       BIGINT NOT NULL
);

-- The old status columns become records.
INSERT INTO agreements (agreement_id, user_account_id, agreement_type, date_signed, print_name, created_at)
    SELECT 'agr-' || user_account_id, user_account_id, 'individual', '2000-01-01',
           first_name || ' ' || last_name, created_at
    FROM users WHERE has_agreement = 1;
INSERT INTO subscriptions (subscription_id, user_account_id, subscription_type, start_date, start_at, end_date,
                           num_books_allowed, download_timeframe, notes, created_at)
    SELECT 'sub-' || user_account_id, user_account_id, 'complimentary', '2000-01-01', 946684800,
           CASE WHEN subscription_status = 'expired' THEN '2000-12-31' ELSE NULL END,
           monthly_quota, CASE WHEN monthly_quota IS NULL THEN NULL ELSE 'monthly' END,
           'recorded before subscriptions were kept', created_at
    FROM users WHERE subscription_status IN ('active', 'expired') OR monthly_quota IS NOT NULL;
INSERT INTO disabilities (user_account_id, disability_type, proof_source, created_at)
    SELECT user_account_id, 'nonspecific', 'partner', created_at
    FROM users WHERE proof_of_disability_status = 'active';
INSERT INTO disability_submissions (submission_id, user_account_id, date_submitted, note, created_at)
    SELECT 'pod-' || user_account_id, user_account_id, '2000-01-01', 'recorded before submissions were kept', created_at
    FROM users WHERE proof_of_disability_status = 'submitted';

ALTER TABLE users DROP COLUMN has_agreement;
ALTER TABLE users DROP COLUMN subscription_status;
ALTER TABLE users DROP COLUMN proof_of_disability_status;
ALTER TABLE users DROP COLUMN monthly_quota;
