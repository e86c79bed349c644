-- A series' languages as a column its listing filters on (`,eng,fre,`), so that the periodicals
-- list pages in SQL by keyset like every other list. (SQLite's form is 0022.)
ALTER TABLE periodical_series ADD COLUMN language_keys TEXT NOT NULL DEFAULT '';
UPDATE periodical_series SET language_keys = COALESCE(
    (SELECT ',' || string_agg(value, ',') || ',' FROM jsonb_array_elements_text(record::jsonb -> 'languages')), '');
