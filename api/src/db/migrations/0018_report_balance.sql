-- loan_disbursal_summary also sums remaining_balance (column in 0017): with a dated status (the
-- statuses PAR is computed over) it gives the report's portfolio at risk by due date, instead of
-- reading every open loan. The functions of 0016 replaced to keep it, then counted from scratch in
-- the zone in use. Written by hand (drizzle-kit generate --custom).
CREATE OR REPLACE FUNCTION "report_note_loan_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM report_time_zone);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal, balance)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      count(*), sum(principal), sum(remaining_balance)
    FROM new_rows WHERE disbursement_date IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal, balance)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      -count(*), -sum(principal), -sum(remaining_balance)
    FROM old_rows WHERE disbursement_date IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal, balance)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      sum(n), sum(p), sum(b)
    FROM (
      SELECT officer_id, disbursement_date, status, due_date, paid_amount, 1 AS n, principal AS p, remaining_balance AS b
      FROM new_rows WHERE disbursement_date IS NOT NULL
      UNION ALL
      SELECT officer_id, disbursement_date, status, due_date, paid_amount, -1, -principal, -remaining_balance
      FROM old_rows WHERE disbursement_date IS NOT NULL
    ) AS c
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum(p) <> 0 OR sum(b) <> 0;
    WITH moved AS MATERIALIZED (
      SELECT n.id, n.officer_id AS new_officer, o.officer_id AS old_officer
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.officer_id <> o.officer_id
    )
    INSERT INTO report_day_pending (officer_id, day, repayments, amount)
    SELECT officer_id, day, sum(n), sum(amount)
    FROM (
      SELECT m.new_officer AS officer_id, r.day, 1 AS n, r.amount
      FROM moved m CROSS JOIN LATERAL (
        SELECT (approved_at AT TIME ZONE zone)::date AS day, amount FROM repayments
        WHERE loan_id = m.id AND status = 'paid' AND approved_at IS NOT NULL) AS r
      UNION ALL
      SELECT m.old_officer, r.day, -1, -r.amount
      FROM moved m CROSS JOIN LATERAL (
        SELECT (approved_at AT TIME ZONE zone)::date AS day, amount FROM repayments
        WHERE loan_id = m.id AND status = 'paid' AND approved_at IS NOT NULL) AS r
    ) AS changes
    GROUP BY 1, 2
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_day_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM report_day_pending WHERE status IS NOT NULL RETURNING *)
  INSERT INTO loan_disbursal_summary AS s (officer_id, day, status, due_date, partly_paid, loans, principal, balance)
  SELECT officer_id, day, status, due_date, partly_paid, sum(loans), sum(principal), sum(balance)
  FROM moved GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (officer_id, day, status, due_date, partly_paid)
  DO UPDATE SET loans = s.loans + excluded.loans, principal = s.principal + excluded.principal,
    balance = s.balance + excluded.balance;
  WITH moved AS (DELETE FROM report_day_pending RETURNING *)
  INSERT INTO repayment_approved_summary AS s (officer_id, day, repayments, amount)
  SELECT officer_id, day, sum(repayments), sum(amount)
  FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (officer_id, day)
  DO UPDATE SET repayments = s.repayments + excluded.repayments, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_use_time_zone"(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM report_time_zone WHERE time_zone = zone) THEN
    RETURN false;
  END IF;
  LOCK TABLE loans, repayments IN SHARE ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT FROM report_time_zone WHERE time_zone = zone) THEN
    RETURN false;
  END IF;
  -- The one row replaced (an emptied database has none).
  DELETE FROM report_time_zone;
  INSERT INTO report_time_zone (time_zone) VALUES (zone);
  DELETE FROM loan_disbursal_summary;
  DELETE FROM repayment_approved_summary;
  INSERT INTO loan_disbursal_summary (officer_id, day, status, due_date, partly_paid, loans, principal, balance)
  SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
    CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
    status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
    count(*), sum(principal), sum(remaining_balance)
  FROM loans WHERE disbursement_date IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO repayment_approved_summary (officer_id, day, repayments, amount)
  SELECT l.officer_id, (r.approved_at AT TIME ZONE zone)::date, count(*), sum(r.amount)
  FROM repayments r JOIN loans l ON l.id = r.loan_id
  WHERE r.status = 'paid' AND r.approved_at IS NOT NULL
  GROUP BY 1, 2;
  RETURN true;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  zone text := coalesce((SELECT time_zone FROM report_time_zone), 'Africa/Nairobi');
BEGIN
  DELETE FROM report_time_zone;
  PERFORM report_use_time_zone(zone);
END $$;
