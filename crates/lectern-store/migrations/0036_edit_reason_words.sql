-- Why an edit was not applied, as the message of the message files it is (JSON: its key and
-- what fills its placeables), so that a history read later is said in its reader's language.
-- `reason` keeps the English, which is all an edit finished before this column holds.
ALTER TABLE catalog_edits ADD COLUMN reason_words TEXT;
