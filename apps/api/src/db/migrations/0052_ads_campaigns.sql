CREATE TYPE "public"."ad_placement" AS ENUM('agenda', 'landing', 'related');--> statement-breakpoint
CREATE TYPE "public"."campaign_status" AS ENUM('unpaid', 'pending_review', 'approved', 'refused', 'suspended', 'stopped');--> statement-breakpoint
ALTER TYPE "public"."user_notification_kind" ADD VALUE 'campaign_update';--> statement-breakpoint
CREATE TABLE "ad_campaign_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_campaign_days_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"placement" "ad_placement" NOT NULL,
	"national" boolean DEFAULT false NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price" integer NOT NULL,
	"status" "campaign_status" DEFAULT 'unpaid' NOT NULL,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_visits" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "ad_visits_campaign_id_day_kind_visitor_pk" PRIMARY KEY("campaign_id","day","kind","visitor")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "ad_campaign_days" ADD CONSTRAINT "ad_campaign_days_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_visits" ADD CONSTRAINT "ad_visits_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_advertiser_idx" ON "ad_campaigns" USING btree ("advertiser_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ad_campaigns_created_idx" ON "ad_campaigns" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ad_campaigns_status_created_idx" ON "ad_campaigns" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ad_campaigns_event_idx" ON "ad_campaigns" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ad_campaigns_live_idx" ON "ad_campaigns" USING btree ("end_date","start_date") WHERE "ad_campaigns"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "ad_visits_address_idx" ON "ad_visits" USING btree ("campaign_id","day","kind","address");--> statement-breakpoint
CREATE INDEX "ad_visits_day_idx" ON "ad_visits" USING btree ("day");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_campaign_idx" ON "payments" USING btree ("campaign_id","created_at" DESC NULLS FIRST) WHERE "payments"."campaign_id" is not null;