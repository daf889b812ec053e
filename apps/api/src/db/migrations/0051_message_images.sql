CREATE TABLE "message_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploader_id" uuid,
	"message_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_images_message_key" ON "message_images" USING btree ("message_id") WHERE "message_images"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "message_images_unattached_idx" ON "message_images" USING btree ("created_at") WHERE "message_images"."message_id" is null;--> statement-breakpoint
CREATE INDEX "message_images_uploader_idx" ON "message_images" USING btree ("uploader_id");