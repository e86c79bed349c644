-- A client key's own share of requests a minute, set by the operator; NULL takes the server's
-- default. One reading app's key carries every one of its readers.
ALTER TABLE clients ADD COLUMN rate_limit_per_minute BIGINT;
