-- Title records are stored packed (lz4 against a dictionary, see lectern-store's `packed`), which
-- is bytes, not text. Records stored before stay plain JSON, which reads as it is.
ALTER TABLE titles ALTER COLUMN record TYPE BYTEA USING convert_to(record, 'UTF8');
