-- Referral codes (decision 012): 8 characters of Crockford's base 32 (no I, L, O, U), from the
-- random bytes of gen_random_uuid() (built in since PostgreSQL 13, also in PGlite). Bytes 6 is
-- skipped: its low bits are the UUID version. 32^8 ≈ 10^12 codes. Used as the column default,
-- so existing accounts get one when the column is added and every new account gets one.
CREATE OR REPLACE FUNCTION referral_code_new() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.b, i) % 32) + 1, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', ''), 'hex') AS b) AS r,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 8]) AS i
$$;
