-- The schema tells the truth (issue 26, item 7): the 27 indexes that migrations 0008 and 0010–0014
-- built in hand-written SQL are now declared in the Drizzle schema (db/schema), so this migration
-- only brings the snapshot up to date. Every database migrated so far already has them, built by
-- those migrations under these same names: IF NOT EXISTS makes each statement a no-op there.
CREATE INDEX IF NOT EXISTS "events_created_id_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_status_created_id_idx" ON "events" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_created_id_idx" ON "events" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_created_id_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_start_id_idx" ON "events" USING btree ("start_date_time","id") WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_category_start_id_idx" ON "events" USING btree ("category","start_date_time","id") WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_category_created_id_idx" ON "events" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_top_idx" ON "events" USING btree ("participants_count" DESC NULLS FIRST,"likes_count" DESC NULLS FIRST,"views_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_status_category_search_trgm_idx" ON "events" USING gin ("status","category","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_concert_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'concert';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_festival_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'festival';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_conference_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'conference';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_sport_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'sport';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_art_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'art';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_food_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'food';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_business_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'business';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_training_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'training';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_other_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops) WHERE "events"."category" = 'other';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_search_trgm_idx" ON "events" USING gin ("category","search_text" gin_trgm_ops) WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_running_idx" ON "events" USING gist (tstzrange("start_date_time", greatest("start_date_time", "end_date_time"), '[]'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_city_end_idx" ON "events" USING btree ("city","end_date_time") WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partners_search_trgm_idx" ON "partners" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_created_id_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_search_trgm_idx" ON "waitlist_entries" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_created_id_idx" ON "waitlist_entries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_status_created_id_idx" ON "waitlist_entries" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);