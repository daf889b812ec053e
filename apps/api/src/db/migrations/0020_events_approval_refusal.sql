ALTER TABLE "events" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refusal_reason" text;