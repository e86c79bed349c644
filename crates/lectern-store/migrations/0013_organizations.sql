-- Organizations as their sponsors and the membership assistants manage them: the settings that
-- reach their members' access rules, the primary contact, roster tags, quick lists, assigned
-- titles, and the directory of reference organizations new organizations start from.

ALTER TABLE organizations ADD COLUMN subscription_type TEXT;
-- No foreign key: the contact is a user of the organization, which points back at it.
ALTER TABLE organizations ADD COLUMN primary_contact_id TEXT;
ALTER TABLE organizations ADD COLUMN agreement_signed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE organizations ADD COLUMN rider_signed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE organizations ADD COLUMN can_create_users BIGINT NOT NULL DEFAULT 1;
ALTER TABLE organizations ADD COLUMN suspended BIGINT NOT NULL DEFAULT 0;
ALTER TABLE organizations ADD COLUMN unreported BIGINT NOT NULL DEFAULT 0;
-- Downloads a member may make a month; NULL: unlimited.
ALTER TABLE organizations ADD COLUMN num_books_allowed BIGINT;
ALTER TABLE organizations ADD COLUMN notes TEXT;
ALTER TABLE organizations ADD COLUMN reference_org_id TEXT;

-- A district, a school, or both; members carry one, and the district and school orders sort by it.
CREATE TABLE roster_tags (
    roster_tag_id    BIGINT PRIMARY KEY,
    organization_id  TEXT NOT NULL REFERENCES organizations (organization_id) ON DELETE CASCADE,
    district_name    TEXT,
    school_name      TEXT,
    created_at       BIGINT NOT NULL
);
CREATE INDEX roster_tags_organization ON roster_tags (organization_id, created_at, roster_tag_id);

ALTER TABLE users ADD COLUMN sponsor_title TEXT;
ALTER TABLE users ADD COLUMN roster_tag_id BIGINT;
-- The tag's names copied onto the member, so that the district and school orders are an index
-- walk over users alone; a tag's names never change once it is made.
ALTER TABLE users ADD COLUMN district_sort TEXT;
ALTER TABLE users ADD COLUMN school_sort TEXT;
-- 'iep', 'section504', comma-separated; has_education_plan is kept true exactly when non-empty.
ALTER TABLE users ADD COLUMN disability_plans TEXT;
-- Whether the organization's sponsors may change the member's names, user name, password and
-- disabilities (document 2's sponsorManageable): false once the member has their own sign-in.
ALTER TABLE users ADD COLUMN sponsor_manageable BIGINT NOT NULL DEFAULT 1;
-- A sponsor's choice for one member; NULL: the organization's setting, which then reaches the
-- member as soon as it changes.
ALTER TABLE users ADD COLUMN safe_search BIGINT;
ALTER TABLE users ADD COLUMN allow_search_downloads BIGINT;
UPDATE users SET disability_plans = 'iep' WHERE has_education_plan = 1;
-- The member lists' orders, as `members.rs` writes them, so that a page is an index walk.
CREATE INDEX users_organization_district ON users (organization_id, COALESCE(district_sort, ''), last_name, first_name, user_account_id);
CREATE INDEX users_organization_school ON users (organization_id, COALESCE(school_sort, ''), last_name, first_name, user_account_id);
CREATE INDEX users_organization_grade ON users (organization_id, COALESCE(grade, ''), last_name, first_name, user_account_id);
CREATE INDEX users_organization_birth_date ON users (organization_id, COALESCE(date_of_birth, ''), last_name, first_name, user_account_id);

-- A sponsor's quick list of the members they work with most.
CREATE TABLE quick_list_members (
    sponsor_id       TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    PRIMARY KEY (sponsor_id, user_account_id)
);
CREATE INDEX quick_list_members_member ON quick_list_members (user_account_id);

-- Titles assigned to an organization member; with the sort keys of the title when assigned.
CREATE TABLE assigned_titles (
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    service_id       TEXT NOT NULL,
    assigned_by      TEXT REFERENCES users (user_account_id) ON DELETE SET NULL,
    assigner_sort    TEXT NOT NULL,
    title_sort       TEXT NOT NULL,
    author_sort      TEXT NOT NULL,
    date_assigned    BIGINT NOT NULL,
    -- The member's latest download of it, kept by the download flow.
    date_downloaded  BIGINT,
    PRIMARY KEY (user_account_id, service_id)
);
CREATE INDEX assigned_titles_by_date ON assigned_titles (user_account_id, date_assigned, service_id);
CREATE INDEX assigned_titles_by_title ON assigned_titles (user_account_id, title_sort, service_id);

-- The directory organizations are created from (loaded by an operator).
CREATE TABLE reference_organizations (
    reference_org_id   TEXT PRIMARY KEY,
    name               TEXT NOT NULL,
    name_key           TEXT NOT NULL,
    parent_name        TEXT,
    organization_type  TEXT NOT NULL,
    address1           TEXT,
    address2           TEXT,
    city               TEXT,
    state              TEXT NOT NULL,
    postal_code        TEXT,
    country            TEXT NOT NULL,
    location_address1  TEXT,
    location_city      TEXT,
    location_state     TEXT,
    location_postal_code TEXT
);
CREATE INDEX reference_organizations_state ON reference_organizations (state, name_key, reference_org_id);
