-- Where a highlighted passage ends: the upstream's clients send a highlight as a range (start
-- and end location, position, progression). The start stays in the existing columns, which
-- remain the highlight's key.
ALTER TABLE highlights ADD COLUMN end_location TEXT;
ALTER TABLE highlights ADD COLUMN end_position BIGINT;
ALTER TABLE highlights ADD COLUMN end_progression DOUBLE PRECISION;
ALTER TABLE highlights ADD COLUMN end_total_progression DOUBLE PRECISION;
