-- The report's summaries by business day (tables in 0015), kept as 0014's are: statement triggers
-- net each statement's changes per key into report_day_pending, a deferred trigger folds them at
-- commit in key order. A business day is the date in report_time_zone's zone, which the server
-- sets to LENDER_TZ at start (report_use_time_zone below). Written by hand
-- (drizzle-kit generate --custom): drizzle has no triggers.
ALTER TABLE "report_day_pending" SET UNLOGGED;
--> statement-breakpoint
-- No zone yet: the backfill at the end counts from scratch in the default LENDER_TZ.
INSERT INTO "report_time_zone" (time_zone) VALUES ('');
--> statement-breakpoint
-- loans: a disbursed loan counts +1 (new) or -1 (old) with its principal under (officer,
-- disbursement day, status, due date and partly paid for a dated status); an update that leaves
-- them alone nets to nothing and writes nothing. A loan moving to another officer takes its
-- approved repayments' counts with it.
CREATE FUNCTION "report_note_loan_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM report_time_zone);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      count(*), sum(principal)
    FROM new_rows WHERE disbursement_date IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      -count(*), -sum(principal)
    FROM old_rows WHERE disbursement_date IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5;
  ELSE
    INSERT INTO report_day_pending (officer_id, day, status, due_date, partly_paid, loans, principal)
    SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
      CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
      status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
      sum(n), sum(p)
    FROM (
      SELECT officer_id, disbursement_date, status, due_date, paid_amount, 1 AS n, principal AS p
      FROM new_rows WHERE disbursement_date IS NOT NULL
      UNION ALL
      SELECT officer_id, disbursement_date, status, due_date, paid_amount, -1, -principal
      FROM old_rows WHERE disbursement_date IS NOT NULL
    ) AS c
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(n) <> 0 OR sum(p) <> 0;
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
-- repayments: an approved ('paid') repayment counts once with its amount on its approval day for
-- its loan's officer (a scalar subquery: a primary key lookup per row whatever plan is cached).
CREATE FUNCTION "report_note_repayment_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM report_time_zone);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_pending (officer_id, day, repayments, amount)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = r.loan_id), (r.approved_at AT TIME ZONE zone)::date,
      count(*), sum(r.amount)
    FROM new_rows r WHERE r.status = 'paid' AND r.approved_at IS NOT NULL
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_pending (officer_id, day, repayments, amount)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = r.loan_id), (r.approved_at AT TIME ZONE zone)::date,
      -count(*), -sum(r.amount)
    FROM old_rows r WHERE r.status = 'paid' AND r.approved_at IS NOT NULL
    GROUP BY 1, 2;
  ELSE
    INSERT INTO report_day_pending (officer_id, day, repayments, amount)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = c.loan_id), (c.approved_at AT TIME ZONE zone)::date,
      sum(c.n), sum(c.amount)
    FROM (
      SELECT loan_id, approved_at, 1 AS n, amount FROM new_rows WHERE status = 'paid' AND approved_at IS NOT NULL
      UNION ALL
      SELECT loan_id, approved_at, -1, -amount FROM old_rows WHERE status = 'paid' AND approved_at IS NOT NULL
    ) AS c
    GROUP BY 1, 2
    HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit, as report_summary_fold: the first firing moves every pending row of the transaction.
CREATE FUNCTION "report_day_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM report_day_pending WHERE status IS NOT NULL RETURNING *)
  INSERT INTO loan_disbursal_summary AS s (officer_id, day, status, due_date, partly_paid, loans, principal)
  SELECT officer_id, day, status, due_date, partly_paid, sum(loans), sum(principal)
  FROM moved GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (officer_id, day, status, due_date, partly_paid)
  DO UPDATE SET loans = s.loans + excluded.loans, principal = s.principal + excluded.principal;
  WITH moved AS (DELETE FROM report_day_pending RETURNING *)
  INSERT INTO repayment_approved_summary AS s (officer_id, day, repayments, amount)
  SELECT officer_id, day, sum(repayments), sum(amount)
  FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (officer_id, day)
  DO UPDATE SET repayments = s.repayments + excluded.repayments, amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_day_pending_fold" AFTER INSERT ON "report_day_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "report_day_fold"();
--> statement-breakpoint
-- The two summaries counted from scratch in a zone: the backfill here, and again when the server
-- starts with another LENDER_TZ. It locks loans and repayments against writes (and against a
-- second server doing the same) until its transaction commits.
CREATE FUNCTION "report_use_time_zone"(zone text) RETURNS boolean LANGUAGE plpgsql AS $$
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
  INSERT INTO loan_disbursal_summary (officer_id, day, status, due_date, partly_paid, loans, principal)
  SELECT officer_id, (disbursement_date AT TIME ZONE zone)::date, status,
    CASE WHEN status IN ('active', 'partially_paid', 'overdue', 'defaulted') THEN due_date END,
    status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND paid_amount > 0,
    count(*), sum(principal)
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
-- Created before the backfill: they lock the tables against writes until this migration commits.
CREATE TRIGGER "loans_report_day_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_loan_days"();
--> statement-breakpoint
CREATE TRIGGER "loans_report_day_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_loan_days"();
--> statement-breakpoint
CREATE TRIGGER "loans_report_day_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_loan_days"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_day_insert" AFTER INSERT ON "repayments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayment_days"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_day_update" AFTER UPDATE ON "repayments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayment_days"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_day_delete" AFTER DELETE ON "repayments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayment_days"();
--> statement-breakpoint
CREATE FUNCTION "report_day_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'loans' THEN
    DELETE FROM loan_disbursal_summary;
  END IF;
  DELETE FROM repayment_approved_summary;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loans_report_day_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_day_truncated"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_day_truncate" AFTER TRUNCATE ON "repayments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_day_truncated"();
--> statement-breakpoint
-- The backfill in LENDER_TZ's default; a server started with another zone counts again in it.
SELECT report_use_time_zone('Africa/Nairobi');
