CREATE TYPE "public"."payment_operator" AS ENUM('mtn', 'orange');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'unknown', 'successful', 'failed', 'refunded');--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" "payment_status" NOT NULL,
	"note" text NOT NULL,
	"detail" jsonb,
	"actor_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"plan" text NOT NULL,
	"amount" integer NOT NULL,
	"credit_used" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'XAF' NOT NULL,
	"operator" "payment_operator" NOT NULL,
	"phone" text NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"provider_reference" text,
	"callback_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"premium_from" timestamp with time zone,
	"premium_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_idx" ON "payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("operator","provider_reference") WHERE "payments"."provider_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_callback_token_idx" ON "payments" USING btree ("callback_token");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_due_check_idx" ON "payments" USING btree ("next_check_at") WHERE "payments"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_phone_idx" ON "payments" USING btree ("phone");