DROP INDEX "event_comments_event_idx";--> statement-breakpoint
CREATE INDEX "events_public_city_start_id_idx" ON "events" USING btree ("city","start_date_time","id") WHERE "events"."status" = 'published' and "events"."is_public";--> statement-breakpoint
CREATE INDEX "event_comments_event_idx" ON "event_comments" USING btree ("event_id","created_at","id");