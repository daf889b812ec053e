CREATE TABLE "login_throttles" (
	"subject" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_throttles_subject_ip_pk" PRIMARY KEY("subject","ip")
);
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "destination" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_throttles_updated_idx" ON "login_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_destination_idx" ON "one_time_codes" USING btree ("destination","created_at");--> statement-breakpoint
CREATE INDEX "users_username_skeleton_idx" ON "users" USING btree (translate(lower("username"), 'асеіјоруѕхԁһԛԝӏаеорсухвнкмтѕіјαβεικνορτυχϲϳοеɑɡ', 'aceijopysxdhqwlaeopcyxbhkmtsijabeiknoptuxcjoeag'));--> statement-breakpoint
UPDATE "users" SET "email_verified" = ("is_verified" AND "email" IS NOT NULL), "phone_verified" = ("is_verified" AND "phone" IS NOT NULL);
