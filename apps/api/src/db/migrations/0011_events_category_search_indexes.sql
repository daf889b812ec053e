-- The events search with a category (decision 013): one trigram index per category, partial, so
-- `q=soiree&category=art` reads the trigram lists of the art events only (11,000 rows of 1,000,000)
-- instead of the lists of every event intersected with the category's (index scan 9 → 1.8 ms, the
-- bounded count 11.5 → 4 ms). Each event is in one of them: together they are the size of one
-- trigram index. A category added to EVENT_CATEGORIES needs its index here (scale.test.ts checks).
CREATE INDEX IF NOT EXISTS "events_category_concert_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'concert';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_festival_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'festival';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_conference_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'conference';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_sport_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'sport';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_art_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'art';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_food_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'food';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_business_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'business';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_training_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'training';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_other_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "category" = 'other';
