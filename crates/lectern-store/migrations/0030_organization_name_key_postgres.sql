-- Names compare bytewise, as the accounts' keys do (0028), whatever the database's collation.
ALTER TABLE organizations ALTER COLUMN name_key TYPE TEXT COLLATE "C";
