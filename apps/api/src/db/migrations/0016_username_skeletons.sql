-- Look-alike usernames by the full UTS #39 skeleton (decision 024): the skeletons are computed by
-- the server (@app/shared/username-skeleton, the Unicode confusables table), stored with the
-- username and compared through a GIN index. Rows written before this migration are given theirs
-- at the next start (db/username-skeletons.ts, through the partial index below).
DROP INDEX "users_username_skeleton_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeletons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_username_skeletons_idx" ON "users" USING gin ("username_skeletons");--> statement-breakpoint
CREATE INDEX "users_username_skeletons_missing_idx" ON "users" USING btree ("id") WHERE "users"."username" is not null and "users"."username_skeletons" = '{}'::text[];