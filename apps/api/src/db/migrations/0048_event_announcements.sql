CREATE TYPE "public"."announcement_audience" AS ENUM('all', 'admitted', 'not_admitted');--> statement-breakpoint
ALTER TYPE "public"."user_notification_kind" ADD VALUE 'event_announcement';--> statement-breakpoint
CREATE TABLE "event_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"author_id" uuid,
	"audience" "announcement_audience" NOT NULL,
	"text" text NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"recipients" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_announcements_event_idx" ON "event_announcements" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "event_announcements_author_idx" ON "event_announcements" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "event_announcements_due_idx" ON "event_announcements" USING btree ("send_at") WHERE "event_announcements"."sent_at" is null and "event_announcements"."cancelled_at" is null;