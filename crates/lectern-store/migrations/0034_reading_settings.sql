-- How a reader wants books shown when reading online (text size, font, spacing, colours), kept
-- as one JSON object: a value the domain checks whole and the store never queries by its parts.
-- NULL for an account that never changed them, which reads as the defaults.
ALTER TABLE account_preferences ADD COLUMN reading_settings TEXT;
