CREATE TABLE "row_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Each counted table carries statement triggers that add the rows a statement inserted and take
-- away the rows it deleted (an update does both), grouped by the key expressions given as
-- arguments: one upsert per changed key and statement, even for a bulk insert. An update that
-- changes no key (an event's counters bumped by a like) writes nothing.
CREATE OR REPLACE FUNCTION count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_expression text;
  changes text;
BEGIN
  FOREACH key_expression IN ARRAY TG_ARGV LOOP
    changes := CASE TG_OP
      WHEN 'INSERT' THEN format('SELECT %s AS key, 1 AS n FROM new_rows', key_expression)
      WHEN 'DELETE' THEN format('SELECT %s AS key, -1 AS n FROM old_rows', key_expression)
      ELSE format('SELECT %1$s AS key, -1 AS n FROM old_rows UNION ALL SELECT %1$s, 1 FROM new_rows', key_expression)
    END;
    EXECUTE format('INSERT INTO row_counts (key, n) SELECT key, sum(n) FROM (%s) AS changes GROUP BY key
      HAVING sum(n) <> 0 ON CONFLICT (key) DO UPDATE SET n = row_counts.n + excluded.n', changes);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_count_insert AFTER INSERT ON waitlist_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'waitlist:' || status$$);
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_count_update AFTER UPDATE ON waitlist_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'waitlist:' || status$$);
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_count_delete AFTER DELETE ON waitlist_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'waitlist:' || status$$);
--> statement-breakpoint
CREATE TRIGGER events_count_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'events:status:' || status$$, $$'events:category:' || category$$);
--> statement-breakpoint
CREATE TRIGGER events_count_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'events:status:' || status$$, $$'events:category:' || category$$);
--> statement-breakpoint
CREATE TRIGGER events_count_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'events:status:' || status$$, $$'events:category:' || category$$);
--> statement-breakpoint
CREATE TRIGGER partners_count_insert AFTER INSERT ON partners REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'partners'$$);
--> statement-breakpoint
CREATE TRIGGER partners_count_delete AFTER DELETE ON partners REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'partners'$$);
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'users:' || role || ':' || plan$$);
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'users:' || role || ':' || plan$$);
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows($$'users:' || role || ':' || plan$$);
--> statement-breakpoint
-- The counts of the rows already there, once.
INSERT INTO row_counts (key, n)
  SELECT 'waitlist:' || status, count(*) FROM waitlist_entries GROUP BY 1
  UNION ALL SELECT 'events:status:' || status, count(*) FROM events GROUP BY 1
  UNION ALL SELECT 'events:category:' || category, count(*) FROM events GROUP BY 1
  UNION ALL SELECT 'partners', count(*) FROM partners
  UNION ALL SELECT 'users:' || role || ':' || plan, count(*) FROM users GROUP BY 1
ON CONFLICT (key) DO UPDATE SET n = excluded.n;
