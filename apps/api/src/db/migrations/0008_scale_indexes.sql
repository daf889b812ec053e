-- Issue 14 (decision 013): indexes matching each list's filter and sort, trigram indexes for the
-- accent-free search. Works on PostgreSQL (contrib) and on PGlite (loaded as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Search: `search_text like '%mot%'` uses these from three characters on.
CREATE INDEX IF NOT EXISTS "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_search_trgm_idx" ON "waitlist_entries" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "partners_search_trgm_idx" ON "partners" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The accounts list searches the stored `search_text` (issue 11).
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Sorts: newest first with the id as tie-breaker (page and deep page read the index in order).
CREATE INDEX IF NOT EXISTS "events_created_id_idx" ON "events" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_status_created_id_idx" ON "events" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_category_created_id_idx" ON "events" USING btree ("category", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- The public agenda (published public events): newest first, by start, and by category and start.
CREATE INDEX IF NOT EXISTS "events_public_created_id_idx" ON "events" USING btree ("created_at" DESC, "id" DESC)
  WHERE "status" = 'published' AND "is_public";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_start_id_idx" ON "events" USING btree ("start_date_time", "id")
  WHERE "status" = 'published' AND "is_public";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_category_start_id_idx" ON "events" USING btree ("category", "start_date_time", "id")
  WHERE "status" = 'published' AND "is_public";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "events_public_category_created_id_idx" ON "events" USING btree ("category", "created_at" DESC, "id" DESC)
  WHERE "status" = 'published' AND "is_public";
--> statement-breakpoint
-- Dashboard: the five most followed events.
CREATE INDEX IF NOT EXISTS "events_top_idx" ON "events" USING btree ("participants_count" DESC, "likes_count" DESC, "views_count" DESC, "created_at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_created_id_idx" ON "waitlist_entries" USING btree ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_status_created_id_idx" ON "waitlist_entries" USING btree ("status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_created_id_idx" ON "users" USING btree ("role", "created_at" DESC, "id" DESC);
