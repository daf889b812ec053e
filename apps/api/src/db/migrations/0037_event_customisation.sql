ALTER TABLE "events" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cover_layout" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "short_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_short_address_idx" ON "events" USING btree (lower("short_address"));