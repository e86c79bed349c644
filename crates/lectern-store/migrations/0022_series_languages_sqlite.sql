-- A series' languages as a column its listing filters on (`,eng,fre,`), so that the periodicals
-- list pages in SQL by keyset like every other list.
ALTER TABLE periodical_series ADD COLUMN language_keys TEXT NOT NULL DEFAULT '';
UPDATE periodical_series SET language_keys = COALESCE(
    (SELECT ',' || group_concat(value, ',') || ',' FROM json_each(record, '$.languages')), '');
