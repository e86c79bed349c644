-- Title records are stored packed (lz4 against a dictionary, see lectern-store's `packed`), as
-- blobs. SQLite keeps a blob in a TEXT column as it is; records stored before, as text, become
-- blobs of their JSON, which reads as it is, so that every record reads as bytes.
UPDATE titles SET record = CAST(record AS BLOB) WHERE typeof(record) = 'text';
