-- Prefixes are found as ranges of the keys (`key >= 'smi' AND key < 'smi' || U+10FFFF`), which
-- hold only in code-point order: the keys compare bytewise whatever the database's collation.
ALTER TABLE users ALTER COLUMN last_name_key TYPE TEXT COLLATE "C";
ALTER TABLE users ALTER COLUMN first_name_key TYPE TEXT COLLATE "C";
ALTER TABLE users ALTER COLUMN user_name_key TYPE TEXT COLLATE "C";
