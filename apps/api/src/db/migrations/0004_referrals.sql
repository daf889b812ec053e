CREATE TYPE "public"."referral_signup_kind" AS ENUM('waitlist', 'account');--> statement-breakpoint
CREATE TYPE "public"."reward_grant_status" AS ENUM('pending', 'granted', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."reward_min_type" AS ENUM('waitlist', 'account', 'any');--> statement-breakpoint
CREATE TYPE "public"."reward_type" AS ENUM('premium_days', 'credit_fcfa', 'badge');--> statement-breakpoint
CREATE TABLE "referral_clicks" (
	"referrer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_clicks_referrer_id_day_visitor_pk" PRIMARY KEY("referrer_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "referral_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"kind" "referral_signup_kind" NOT NULL,
	"waitlist_entry_id" uuid,
	"user_id" uuid,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"waitlist_signups" integer DEFAULT 0 NOT NULL,
	"account_signups" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"reward_type" "reward_type" NOT NULL,
	"reward_value" integer NOT NULL,
	"status" "reward_grant_status" DEFAULT 'pending' NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" "reward_type" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_signups" integer NOT NULL,
	"min_type" "reward_min_type" DEFAULT 'any' NOT NULL,
	"reward_value" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "premium_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text DEFAULT referral_code_new() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by_code" text;--> statement-breakpoint
ALTER TABLE "referral_clicks" ADD CONSTRAINT "referral_clicks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_stats" ADD CONSTRAINT "referral_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_grants" ADD CONSTRAINT "reward_grants_rule_id_reward_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."reward_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_signups_phone_key" ON "referral_signups" USING btree ("referrer_id","phone") WHERE "referral_signups"."phone" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_signups_email_key" ON "referral_signups" USING btree ("referrer_id","email") WHERE "referral_signups"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_signups_user_key" ON "referral_signups" USING btree ("referrer_id","user_id") WHERE "referral_signups"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "referral_signups_referrer_idx" ON "referral_signups" USING btree ("referrer_id","kind");--> statement-breakpoint
CREATE INDEX "referral_stats_rank_idx" ON "referral_stats" USING btree ("signups" DESC NULLS LAST,"clicks" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_grants_user_rule_key" ON "reward_grants" USING btree ("user_id","rule_id");--> statement-breakpoint
CREATE INDEX "reward_grants_granted_idx" ON "reward_grants" USING btree ("granted_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "reward_grants_rule_idx" ON "reward_grants" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "reward_rules_created_idx" ON "reward_rules" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree (lower("referral_code"));--> statement-breakpoint
CREATE INDEX "users_premium_until_idx" ON "users" USING btree ("premium_until") WHERE "users"."premium_until" is not null;