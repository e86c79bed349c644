-- The pair a refresh token was rotated into, sealed for the holder of the spent token
-- (lectern_domain::sealed_pair), so that a retry of a lost refresh is answered with that same
-- pair instead of forking the sign-in.
ALTER TABLE refresh_tokens ADD COLUMN successor TEXT;
