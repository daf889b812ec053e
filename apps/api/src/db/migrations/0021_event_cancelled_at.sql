ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- Events cancelled before this column: their last change is the best known cancellation date.
UPDATE "events" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled';
