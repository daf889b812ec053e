CREATE TABLE "payment_day_totals" (
	"day" date NOT NULL,
	"status" "payment_status" NOT NULL,
	"operator" "payment_operator" NOT NULL,
	"plan" text NOT NULL,
	"payment_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_day_totals_day_status_operator_plan_pk" PRIMARY KEY("day","status","operator","plan")
);
--> statement-breakpoint
DROP INDEX "payments_paid_totals_idx";--> statement-breakpoint
-- Decision 054: 'Transactions' reads its exact total, its totals (paid payments: number, amount,
-- refunded amount) and the days that hold the page asked for from this roll-up, by the Douala day
-- of `created_at`, status, operator and plan: every filter but the search. At 1,000,000 payments
-- the totals summed every paid payment (p95 57 ms, and an `integer out of range` past 2^31 FCFA),
-- and a filter whose combination is rare or empty walked a whole status (236 ms p95;
-- docs/scaling.md). As `row_counts` (0013, 0015): statement triggers for inserts and deletes (one
-- upsert per key, even for a bulk insert of a million rows), a row trigger for updates with a WHEN
-- the server checks before calling anything, so the job's `next_check_at` and a refund's claim
-- (`refunded_at`) write nothing here.
CREATE OR REPLACE FUNCTION payment_day_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_day_totals (day, status, operator, plan, payment_count, paid_count, paid_amount, refunded_amount)
      SELECT (created_at AT TIME ZONE 'Africa/Douala')::date, status, operator, plan, count(*),
             count(*) FILTER (WHERE paid_at IS NOT NULL), coalesce(sum(amount) FILTER (WHERE paid_at IS NOT NULL), 0),
             coalesce(sum(refunded_amount) FILTER (WHERE paid_at IS NOT NULL), 0)
        FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, status, operator, plan) DO UPDATE SET
        payment_count = payment_day_totals.payment_count + excluded.payment_count,
        paid_count = payment_day_totals.paid_count + excluded.paid_count,
        paid_amount = payment_day_totals.paid_amount + excluded.paid_amount,
        refunded_amount = payment_day_totals.refunded_amount + excluded.refunded_amount;
  ELSE
    INSERT INTO payment_day_totals (day, status, operator, plan, payment_count, paid_count, paid_amount, refunded_amount)
      SELECT (created_at AT TIME ZONE 'Africa/Douala')::date, status, operator, plan, -count(*),
             -count(*) FILTER (WHERE paid_at IS NOT NULL), -coalesce(sum(amount) FILTER (WHERE paid_at IS NOT NULL), 0),
             -coalesce(sum(refunded_amount) FILTER (WHERE paid_at IS NOT NULL), 0)
        FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, status, operator, plan) DO UPDATE SET
        payment_count = payment_day_totals.payment_count + excluded.payment_count,
        paid_count = payment_day_totals.paid_count + excluded.paid_count,
        paid_amount = payment_day_totals.paid_amount + excluded.paid_amount,
        refunded_amount = payment_day_totals.refunded_amount + excluded.refunded_amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves the row's contribution from its old key to its new one; the keys are locked in
-- their order, so two moves in opposite directions wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION payment_day_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_day_totals (day, status, operator, plan, payment_count, paid_count, paid_amount, refunded_amount)
    SELECT day, status, operator, plan, sum(payment_count), sum(paid_count), sum(paid_amount), sum(refunded_amount)
      FROM (VALUES
        ((OLD.created_at AT TIME ZONE 'Africa/Douala')::date, OLD.status, OLD.operator, OLD.plan, -1,
          CASE WHEN OLD.paid_at IS NOT NULL THEN -1 ELSE 0 END,
          CASE WHEN OLD.paid_at IS NOT NULL THEN -OLD.amount::bigint ELSE 0 END,
          CASE WHEN OLD.paid_at IS NOT NULL THEN -OLD.refunded_amount::bigint ELSE 0 END),
        ((NEW.created_at AT TIME ZONE 'Africa/Douala')::date, NEW.status, NEW.operator, NEW.plan, 1,
          CASE WHEN NEW.paid_at IS NOT NULL THEN 1 ELSE 0 END,
          CASE WHEN NEW.paid_at IS NOT NULL THEN NEW.amount::bigint ELSE 0 END,
          CASE WHEN NEW.paid_at IS NOT NULL THEN NEW.refunded_amount::bigint ELSE 0 END)
      ) AS moves (day, status, operator, plan, payment_count, paid_count, paid_amount, refunded_amount)
      GROUP BY day, status, operator, plan
      HAVING sum(payment_count) <> 0 OR sum(paid_count) <> 0 OR sum(paid_amount) <> 0 OR sum(refunded_amount) <> 0
      ORDER BY day, status, operator, plan
    ON CONFLICT (day, status, operator, plan) DO UPDATE SET
      payment_count = payment_day_totals.payment_count + excluded.payment_count,
      paid_count = payment_day_totals.paid_count + excluded.paid_count,
      paid_amount = payment_day_totals.paid_amount + excluded.paid_amount,
      refunded_amount = payment_day_totals.refunded_amount + excluded.refunded_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_count();
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_update AFTER UPDATE OF paid_at, amount, refunded_amount, status, operator, plan, created_at
  ON payments FOR EACH ROW
  WHEN ((OLD.paid_at IS NULL, OLD.amount, OLD.refunded_amount, OLD.status, OLD.operator, OLD.plan, OLD.created_at)
    IS DISTINCT FROM (NEW.paid_at IS NULL, NEW.amount, NEW.refunded_amount, NEW.status, NEW.operator, NEW.plan, NEW.created_at))
  EXECUTE FUNCTION payment_day_totals_move();
--> statement-breakpoint
CREATE TRIGGER payments_day_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_count();
--> statement-breakpoint
-- The roll-up computed afresh from the payments: run once here, and after a write made with these
-- triggers disabled.
CREATE OR REPLACE FUNCTION payment_day_totals_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM payment_day_totals;
  INSERT INTO payment_day_totals (day, status, operator, plan, payment_count, paid_count, paid_amount, refunded_amount)
    SELECT (created_at AT TIME ZONE 'Africa/Douala')::date, status, operator, plan, count(*),
           count(*) FILTER (WHERE paid_at IS NOT NULL), coalesce(sum(amount) FILTER (WHERE paid_at IS NOT NULL), 0),
           coalesce(sum(refunded_amount) FILTER (WHERE paid_at IS NOT NULL), 0)
      FROM payments GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT payment_day_totals_refill();
