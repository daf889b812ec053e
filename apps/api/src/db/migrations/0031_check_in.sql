CREATE TYPE "public"."check_in_scan_status" AS ENUM('valid', 'already', 'unknown');--> statement-breakpoint
CREATE TABLE "check_in_admissions" (
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"entrance" text,
	"admitted_at" timestamp with time zone NOT NULL,
	"admitted_by" uuid,
	CONSTRAINT "check_in_admissions_event_id_ticket_id_pk" PRIMARY KEY("event_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_scans" (
	"event_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"ticket_id" uuid,
	"status" "check_in_scan_status" NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entrance" text,
	"scanned_by" uuid,
	CONSTRAINT "check_in_scans_event_id_scan_id_pk" PRIMARY KEY("event_id","scan_id")
);
--> statement-breakpoint
CREATE TABLE "event_door_helpers" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid,
	CONSTRAINT "event_door_helpers_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_revocations" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_participations" ADD COLUMN "ticket_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_admissions" ADD CONSTRAINT "check_in_admissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_door_helpers" ADD CONSTRAINT "event_door_helpers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_door_helpers" ADD CONSTRAINT "event_door_helpers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_revocations" ADD CONSTRAINT "ticket_revocations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_door_helpers_user_idx" ON "event_door_helpers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ticket_revocations_event_idx" ON "ticket_revocations" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_participations_ticket_idx" ON "event_participations" USING btree ("ticket_id");