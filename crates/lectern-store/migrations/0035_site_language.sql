-- The language a site's pages are shown in when neither the reader nor their browser names one
-- the pages are written in: an ISO 639-2 code as the readers' `language` preference holds it.
-- NULL for a site that never set one, which reads as English.
ALTER TABLE sites ADD COLUMN language TEXT;
