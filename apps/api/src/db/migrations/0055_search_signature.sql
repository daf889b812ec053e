-- The searched lists' ordered walk without the table (issue 31, decision 072). An event's
-- `search_signature` has the bit `hashtext(t) mod 1024` set for every trigram `t` pg_trgm finds in
-- its search text; a query's mask has the bits of its words' trigrams. A row whose signature lacks
-- one of the mask's bits holds none of the words there: the walk turns it down on the index's copy.
CREATE FUNCTION search_signature_of(searched text) RETURNS bit(1024)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
  select coalesce(bit_or(B'1'::bit(1024) >> (hashtext(trigram) & 1023)), B'0'::bit(1024))
  from unnest(show_trgm(searched)) as trigram
$$;--> statement-breakpoint
-- The mask of a search: for `words` (found anywhere, decision 069), the trigrams of each word that
-- do not hold the padding pg_trgm puts around it, which are trigrams of any text holding the word
-- anywhere; for `word_starts` (words of one or two letters, found where a word of the text starts,
-- decision 071), also those padded before it ('  7', ' 77' of '77'), which any text with a word
-- starting so has. The padding is told by the trigrams themselves, not by their printed form
-- (show_trgm prints a trigram of letters outside ASCII, 'œuv', as a hex code): a trigram is kept
-- when it is also a trigram of the word with a letter stuck to the side(s) that may go on in the text.
CREATE FUNCTION search_signature_mask(words text[], word_starts text[]) RETURNS bit(1024)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
  select coalesce(bit_or(B'1'::bit(1024) >> (hashtext(trigram) & 1023)), B'0'::bit(1024))
  from (
    select trigram from unnest(words) as word, unnest(show_trgm(word)) as trigram
    where trigram = any(show_trgm('x' || word || 'x'))
    union all
    select trigram from unnest(word_starts) as word, unnest(show_trgm(word)) as trigram
    where trigram = any(show_trgm(word || 'x'))
  ) as parts
$$;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_signature" bit(1024) GENERATED ALWAYS AS (search_signature_of("search_text")) STORED NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "events_created_id_idx";--> statement-breakpoint
CREATE INDEX "events_created_id_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_signature");--> statement-breakpoint
DROP INDEX IF EXISTS "events_public_created_id_idx";--> statement-breakpoint
CREATE INDEX "events_public_created_id_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("search_signature") WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
DROP INDEX IF EXISTS "events_public_start_id_idx";--> statement-breakpoint
CREATE INDEX "events_public_start_id_idx" ON "events" USING btree ("start_date_time","id") INCLUDE ("search_signature") WHERE "events"."status" = 'published' and "events"."is_public";
