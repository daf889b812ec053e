CREATE TABLE "payment_monthly_totals" (
	"month" text NOT NULL,
	"operator" "payment_operator" NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_monthly_totals_month_operator_pk" PRIMARY KEY("month","operator")
);
--> statement-breakpoint
DROP INDEX "payments_revenue_idx";--> statement-breakpoint
DROP INDEX "payments_refunds_idx";--> statement-breakpoint
-- Decision 055: one row per Douala month and operator, kept in the transaction of every write to
-- payments. A payment counts in the month of its paid_at (number and amount), its refund in the
-- month of its refunded_at; an update takes the old contribution back and adds the new one.
CREATE OR REPLACE FUNCTION payment_monthly_totals_add(p_at timestamptz, p_operator payment_operator, p_count integer, p_paid bigint, p_refunded bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_monthly_totals (month, operator, paid_count, paid_amount, refunded_amount)
    VALUES (to_char(p_at AT TIME ZONE 'Africa/Douala', 'YYYY-MM'), p_operator, p_count, p_paid, p_refunded)
    ON CONFLICT (month, operator) DO UPDATE SET
      paid_count = payment_monthly_totals.paid_count + excluded.paid_count,
      paid_amount = payment_monthly_totals.paid_amount + excluded.paid_amount,
      refunded_amount = payment_monthly_totals.refunded_amount + excluded.refunded_amount;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_monthly_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at AND OLD.amount = NEW.amount AND OLD.operator = NEW.operator
    AND OLD.refunded_at IS NOT DISTINCT FROM NEW.refunded_at AND OLD.refunded_amount = NEW.refunded_amount THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.paid_at IS NOT NULL THEN PERFORM payment_monthly_totals_add(OLD.paid_at, OLD.operator, -1, -OLD.amount, 0); END IF;
    IF OLD.refunded_at IS NOT NULL AND OLD.refunded_amount <> 0 THEN
      PERFORM payment_monthly_totals_add(OLD.refunded_at, OLD.operator, 0, 0, -OLD.refunded_amount);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.paid_at IS NOT NULL THEN PERFORM payment_monthly_totals_add(NEW.paid_at, NEW.operator, 1, NEW.amount, 0); END IF;
    IF NEW.refunded_at IS NOT NULL AND NEW.refunded_amount <> 0 THEN
      PERFORM payment_monthly_totals_add(NEW.refunded_at, NEW.operator, 0, 0, NEW.refunded_amount);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_monthly_totals AFTER INSERT OR DELETE OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_monthly_totals_apply();
--> statement-breakpoint
-- The roll-up computed afresh from the payments: run once here, and after a bulk write made with
-- the trigger disabled (decision 055).
CREATE OR REPLACE FUNCTION payment_monthly_totals_refill() RETURNS void LANGUAGE sql AS $$
  DELETE FROM payment_monthly_totals;
  INSERT INTO payment_monthly_totals (month, operator, paid_count, paid_amount, refunded_amount)
    SELECT month, operator, sum(paid_count)::integer, sum(paid_amount), sum(refunded_amount) FROM (
      SELECT to_char(paid_at AT TIME ZONE 'Africa/Douala', 'YYYY-MM') AS month, operator, 1 AS paid_count, amount::bigint AS paid_amount, 0::bigint AS refunded_amount
        FROM payments WHERE paid_at IS NOT NULL
      UNION ALL
      SELECT to_char(refunded_at AT TIME ZONE 'Africa/Douala', 'YYYY-MM'), operator, 0, 0, refunded_amount::bigint
        FROM payments WHERE refunded_at IS NOT NULL AND refunded_amount <> 0
    ) contributions GROUP BY month, operator;
$$;
--> statement-breakpoint
SELECT payment_monthly_totals_refill();
