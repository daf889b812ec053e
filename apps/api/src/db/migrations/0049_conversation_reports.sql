ALTER TYPE "public"."report_target_type" ADD VALUE 'conversation';--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_reports_conversation_idx" ON "user_reports" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "user_reports_open_kind_idx" ON "user_reports" USING btree ("target_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_reports"."status" = 'open';