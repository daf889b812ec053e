DROP INDEX "event_comments_event_idx";--> statement-breakpoint
CREATE INDEX "event_comments_event_idx" ON "event_comments" USING btree ("event_id","created_at","id");