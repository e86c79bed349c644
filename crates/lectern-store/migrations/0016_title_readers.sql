-- Each title's readers, once each: who read it (a reading event) or had it packaged (a download),
-- and since when. Recommendations are made from these pairs rather than from every event: ten
-- million events are about a million pairs, and the readers of a title (most recent first) and
-- the titles of a reader are each one index range.
CREATE TABLE title_readers (
    service_id       TEXT NOT NULL,
    user_account_id  TEXT NOT NULL REFERENCES users (user_account_id) ON DELETE CASCADE,
    since            BIGINT NOT NULL,
    PRIMARY KEY (service_id, user_account_id)
);
CREATE INDEX title_readers_reader ON title_readers (user_account_id, since, service_id);
CREATE INDEX title_readers_recent ON title_readers (service_id, since, user_account_id);

INSERT INTO title_readers (service_id, user_account_id, since)
SELECT service_id, user_account_id, MIN(at) FROM (
    SELECT service_id, user_account_id, occurred_at AS at FROM reading_events
    UNION ALL
    SELECT subject, user_account_id, created_at FROM downloads
    WHERE subject_kind = 'title' AND user_account_id IS NOT NULL
) r
GROUP BY service_id, user_account_id;
