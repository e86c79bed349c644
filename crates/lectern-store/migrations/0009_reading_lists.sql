-- Reading lists. Counts are kept on the list and moved in the transaction of the change that
-- moves them, by adding to the stored value under its row lock, so concurrent changes cannot
-- lose one another's count.

CREATE TABLE reading_lists (
    reading_list_id   TEXT PRIMARY KEY,
    owner_id          TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    name              TEXT NOT NULL,
    -- Lower-cased name: lists sort by name regardless of case.
    name_key          TEXT NOT NULL,
    description       TEXT,
    access            TEXT NOT NULL,
    title_count       BIGINT NOT NULL DEFAULT 0,
    subscriber_count  BIGINT NOT NULL DEFAULT 0,
    member_count      BIGINT NOT NULL DEFAULT 0,
    date_created      BIGINT NOT NULL,
    date_updated      BIGINT NOT NULL
);
CREATE INDEX reading_lists_owner ON reading_lists (owner_id, name_key, reading_list_id);
CREATE INDEX reading_lists_access ON reading_lists (access, name_key, reading_list_id);

CREATE TABLE reading_list_titles (
    reading_list_id  TEXT NOT NULL REFERENCES reading_lists (reading_list_id) ON DELETE CASCADE,
    service_id       TEXT NOT NULL,
    -- The title's sort keys when it was added: list titles sort without reading every record.
    title_sort       TEXT NOT NULL,
    author_sort      TEXT NOT NULL,
    date_added       BIGINT NOT NULL,
    award            TEXT,
    category         TEXT,
    month            TEXT,
    ranking          BIGINT,
    year             BIGINT,
    PRIMARY KEY (reading_list_id, service_id)
);
CREATE INDEX reading_list_titles_by_title ON reading_list_titles (reading_list_id, title_sort, service_id);
CREATE INDEX reading_list_titles_by_date ON reading_list_titles (reading_list_id, date_added, service_id);
CREATE INDEX reading_list_titles_by_author ON reading_list_titles (reading_list_id, author_sort, service_id);

CREATE TABLE reading_list_subscriptions (
    reading_list_id  TEXT NOT NULL REFERENCES reading_lists (reading_list_id) ON DELETE CASCADE,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    date_subscribed  BIGINT NOT NULL,
    PRIMARY KEY (reading_list_id, user_account_id)
);
CREATE INDEX reading_list_subscriptions_user ON reading_list_subscriptions (user_account_id);

-- Organization members a sponsor or assistant assigned to a list: they may use it, not change it.
CREATE TABLE reading_list_members (
    reading_list_id  TEXT NOT NULL REFERENCES reading_lists (reading_list_id) ON DELETE CASCADE,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    assigned_by      TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    date_assigned    BIGINT NOT NULL,
    PRIMARY KEY (reading_list_id, user_account_id)
);
CREATE INDEX reading_list_members_user ON reading_list_members (user_account_id);
