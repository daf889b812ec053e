-- Lists of events taking place from a moment on, soonest first (the agenda, today's events, the
-- landing's highlights, an event page's next events in its city: db/running-or-later.ts). Read as
-- `end >= now order by start`, they walked every past event of the start index before the first
-- match (29,715 rows for the agenda's first page at 100,000 events, 35 ms). Now the events
-- running at the moment come from this GiST index of each event's time span (a point query reads
-- only them), and the later ones from the start index in order.
CREATE INDEX IF NOT EXISTS "events_running_idx" ON "events" USING gist (tstzrange("start_date_time", greatest("start_date_time", "end_date_time"), '[]'));
--> statement-breakpoint
-- The agenda's city filter: the cities with a public event not ended, by a loose index scan (one
-- probe per city for the next name, one for an event not ended) instead of reading every upcoming
-- event (30 ms at 100,000 events).
CREATE INDEX IF NOT EXISTS "events_public_city_end_idx" ON "events" ("city", "end_date_time") WHERE "status" = 'published' AND "is_public";
