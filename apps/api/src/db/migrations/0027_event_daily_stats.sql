CREATE TABLE "event_daily_stats" (
	"event_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"src_whatsapp" integer DEFAULT 0 NOT NULL,
	"src_facebook" integer DEFAULT 0 NOT NULL,
	"src_direct" integer DEFAULT 0 NOT NULL,
	"src_referral" integer DEFAULT 0 NOT NULL,
	"src_other" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_daily_stats_event_id_day_pk" PRIMARY KEY("event_id","day")
);
--> statement-breakpoint
ALTER TABLE "event_daily_stats" ADD CONSTRAINT "event_daily_stats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 040: the roll-up starts from the rows already there. Views recorded before it have no
-- source: they count as 'other'; each counted view is one display. Days are Douala days (UTC+1).
INSERT INTO "event_daily_stats" ("event_id", "day", "views", "visitors", "participants", "likes", "comments", "src_other")
SELECT event_id, day, sum(v)::int, sum(v)::int, sum(p)::int, sum(l)::int, sum(c)::int, sum(v)::int
FROM (
  SELECT event_id, day, count(*) AS v, 0 AS p, 0 AS l, 0 AS c FROM "event_views" GROUP BY 1, 2
  UNION ALL
  SELECT event_id, ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, 0, count(*), 0, 0 FROM "event_participations" GROUP BY 1, 2
  UNION ALL
  SELECT event_id, ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, 0, 0, count(*), 0 FROM "event_likes" GROUP BY 1, 2
  UNION ALL
  SELECT event_id, ((created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, 0, 0, 0, count(*) FROM "event_comments" GROUP BY 1, 2
) AS facts
GROUP BY event_id, day;
