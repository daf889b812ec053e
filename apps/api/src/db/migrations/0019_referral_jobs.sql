CREATE TABLE "referral_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_jobs_kind_subject_key" ON "referral_jobs" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "referral_jobs_due_idx" ON "referral_jobs" USING btree ("next_attempt_at") WHERE "referral_jobs"."done_at" is null;