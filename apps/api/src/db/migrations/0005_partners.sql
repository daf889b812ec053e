CREATE TYPE "public"."business_subscription" AS ENUM('free', 'premium');--> statement-breakpoint
CREATE TABLE "partner_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_users" (
	"partner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_users_partner_id_user_id_pk" PRIMARY KEY("partner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "business_page_events" (
	"page_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_page_events_page_id_event_id_pk" PRIMARY KEY("page_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "business_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"partner_id" uuid,
	"subscription" "business_subscription" DEFAULT 'free' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_activities" ADD CONSTRAINT "partner_activities_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_activities" ADD CONSTRAINT "partner_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_events" ADD CONSTRAINT "business_page_events_page_id_business_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."business_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_page_events" ADD CONSTRAINT "business_page_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_pages" ADD CONSTRAINT "business_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_pages" ADD CONSTRAINT "business_pages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_activities_partner_idx" ON "partner_activities" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_users_user_idx" ON "partner_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_page_events_event_idx" ON "business_page_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "business_pages_created_idx" ON "business_pages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "business_pages_owner_idx" ON "business_pages" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "business_pages_partner_idx" ON "business_pages" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_partner_idx" ON "events" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_email_key" ON "partners" USING btree ("email");--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_status_created_idx" ON "partners" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partners_type_created_idx" ON "partners" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "partners_verified_created_idx" ON "partners" USING btree ("is_verified","created_at");