-- When a worker first took a package up: how long packages of a lane take to make is measured
-- from it, for the wait a 202's Retry-After estimates.
ALTER TABLE downloads ADD COLUMN started_at BIGINT;
