CREATE TYPE "public"."report_target_type" AS ENUM('user', 'comment', 'event');--> statement-breakpoint
DROP INDEX "user_reports_open_key";--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "target_type" "report_target_type" DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
UPDATE "user_reports" SET "subject_id" = "target_id";--> statement-breakpoint
ALTER TABLE "user_reports" ALTER COLUMN "subject_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_comment_id_event_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."event_comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_reports_comment_idx" ON "user_reports" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "user_reports_event_idx" ON "user_reports" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_open_key" ON "user_reports" USING btree ("reporter_id","target_type","subject_id") WHERE "user_reports"."status" = 'open';