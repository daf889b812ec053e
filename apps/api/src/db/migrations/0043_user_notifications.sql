CREATE TYPE "public"."user_notification_kind" AS ENUM('event_cancelled', 'event_moved', 'participant_joined', 'event_comment', 'event_reminder_day', 'event_reminder_soon', 'payment_succeeded', 'premium_ending', 'reward_granted');--> statement-breakpoint
CREATE TABLE "event_reminders_sent" (
	"event_id" uuid NOT NULL,
	"kind" "user_notification_kind" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_sent_event_id_kind_pk" PRIMARY KEY("event_id","kind")
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "user_notification_kind" NOT NULL,
	"event_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notifications_user_created_idx" ON "user_notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_notifications_event_idx" ON "user_notifications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "user_notifications_unread_idx" ON "user_notifications" USING btree ("user_id") WHERE "user_notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_gathered_idx" ON "user_notifications" USING btree ("user_id","event_id","kind") WHERE "user_notifications"."read_at" is null and "user_notifications"."kind" = any(array['participant_joined', 'event_comment']::user_notification_kind[]);