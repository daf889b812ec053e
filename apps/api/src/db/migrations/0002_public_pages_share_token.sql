ALTER TABLE "events" ADD COLUMN "short_id" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "share_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_short_id_idx" ON "events" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "events_public_start_idx" ON "events" USING btree ("start_date_time") WHERE "events"."status" = 'published' and "events"."is_public";