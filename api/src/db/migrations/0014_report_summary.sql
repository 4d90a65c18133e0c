-- The loan report's summaries (tables in 0013), kept as the dashboard's are (0009): statement
-- triggers on loan_installments, repayments and loans net each statement's changes per key into
-- report_summary_pending; a deferred trigger folds a transaction's pending rows into the summaries
-- at commit, in key order. Then filled from the rows already there. Written by hand
-- (drizzle-kit generate --custom): drizzle has no triggers.
ALTER TABLE "report_summary_pending" SET UNLOGGED;
--> statement-breakpoint
-- loan_installments: each installment counts its amount on its due date for its loan's officer.
-- The officer by a scalar subquery: a primary key lookup per row whatever plan is cached. A row
-- whose loan is gone (a loan deleted, its installments by cascade) was taken off by the loans
-- trigger below, which saw them before.
CREATE FUNCTION "report_note_installments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_summary_pending (officer_id, day, amount)
    SELECT officer_id, due_date, sum(amount)
    FROM (SELECT (SELECT l.officer_id FROM loans l WHERE l.id = i.loan_id) AS officer_id, i.due_date, i.amount
          FROM new_rows i) AS c
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_summary_pending (officer_id, day, amount)
    SELECT officer_id, due_date, -sum(amount)
    FROM (SELECT (SELECT l.officer_id FROM loans l WHERE l.id = i.loan_id) AS officer_id, i.due_date, i.amount
          FROM old_rows i) AS c
    WHERE officer_id IS NOT NULL
    GROUP BY 1, 2;
  ELSE
    INSERT INTO report_summary_pending (officer_id, day, amount)
    SELECT officer_id, due_date, sum(amount)
    FROM (SELECT (SELECT l.officer_id FROM loans l WHERE l.id = c.loan_id) AS officer_id, c.due_date, c.amount
          FROM (SELECT loan_id, due_date, amount FROM new_rows
                UNION ALL
                SELECT loan_id, due_date, -amount FROM old_rows) AS c) AS c
    GROUP BY 1, 2
    HAVING sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- repayments: an approved ('paid') repayment counts its amount on its paid date for its loan's
-- officer, apart when the loan is repossessed.
CREATE FUNCTION "report_note_repayments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_summary_pending (officer_id, day, repossessed, amount)
    SELECT l.officer_id, r.paid_date, l.status = 'repossessed', sum(r.amount)
    FROM new_rows r CROSS JOIN LATERAL (SELECT officer_id, status FROM loans WHERE id = r.loan_id) AS l
    WHERE r.status = 'paid'
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_summary_pending (officer_id, day, repossessed, amount)
    SELECT l.officer_id, r.paid_date, l.status = 'repossessed', -sum(r.amount)
    FROM old_rows r CROSS JOIN LATERAL (SELECT officer_id, status FROM loans WHERE id = r.loan_id) AS l
    WHERE r.status = 'paid'
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO report_summary_pending (officer_id, day, repossessed, amount)
    SELECT l.officer_id, c.paid_date, l.status = 'repossessed', sum(c.amount)
    FROM (SELECT loan_id, paid_date, amount FROM new_rows WHERE status = 'paid'
          UNION ALL
          SELECT loan_id, paid_date, -amount FROM old_rows WHERE status = 'paid') AS c
      CROSS JOIN LATERAL (SELECT officer_id, status FROM loans WHERE id = c.loan_id) AS l
    GROUP BY 1, 2, 3
    HAVING sum(c.amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- loans: a loan moving to another officer takes its installments with it, and its approved
-- repayments; one becoming (or ceasing to be) repossessed moves its approved repayments between
-- the two halves. Any other update (the ageing pass's) writes nothing.
CREATE FUNCTION "report_note_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS MATERIALIZED (
    SELECT n.id, n.officer_id AS new_officer, o.officer_id AS old_officer,
      n.status = 'repossessed' AS new_repossessed, o.status = 'repossessed' AS old_repossessed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.officer_id <> o.officer_id OR (n.status = 'repossessed') <> (o.status = 'repossessed')
  ), installments AS (
    INSERT INTO report_summary_pending (officer_id, day, amount)
    SELECT officer_id, due_date, sum(amount)
    FROM (
      SELECT c.new_officer AS officer_id, i.due_date, i.amount
      FROM changed c CROSS JOIN LATERAL (SELECT due_date, amount FROM loan_installments WHERE loan_id = c.id) AS i
      WHERE c.new_officer <> c.old_officer
      UNION ALL
      SELECT c.old_officer, i.due_date, -i.amount
      FROM changed c CROSS JOIN LATERAL (SELECT due_date, amount FROM loan_installments WHERE loan_id = c.id) AS i
      WHERE c.new_officer <> c.old_officer
    ) AS moved
    GROUP BY 1, 2
    HAVING sum(amount) <> 0
  )
  INSERT INTO report_summary_pending (officer_id, day, repossessed, amount)
  SELECT officer_id, paid_date, repossessed, sum(amount)
  FROM (
    SELECT c.new_officer AS officer_id, r.paid_date, c.new_repossessed AS repossessed, r.amount
    FROM changed c CROSS JOIN LATERAL
      (SELECT paid_date, amount FROM repayments WHERE loan_id = c.id AND status = 'paid') AS r
    UNION ALL
    SELECT c.old_officer, r.paid_date, c.old_repossessed, -r.amount
    FROM changed c CROSS JOIN LATERAL
      (SELECT paid_date, amount FROM repayments WHERE loan_id = c.id AND status = 'paid') AS r
  ) AS moved
  GROUP BY 1, 2, 3
  HAVING sum(amount) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted loan's installments go with it by cascade, after the loans' statement triggers could
-- see them no more: taken off here, per row, while they are still there (loans are not deleted by
-- the application, so this costs nothing in use).
CREATE FUNCTION "report_note_loan_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_summary_pending (officer_id, day, amount)
  SELECT OLD.officer_id, due_date, -sum(amount)
  FROM loan_installments WHERE loan_id = OLD.id
  GROUP BY 2;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- At commit: the first firing moves every pending row of the transaction, the later ones find
-- none; each upsert takes its rows' locks in key order, the tables always in the same order.
CREATE FUNCTION "report_summary_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM report_summary_pending WHERE repossessed IS NULL RETURNING *)
  INSERT INTO installment_due_summary AS s (officer_id, due_date, amount)
  SELECT officer_id, day, sum(amount)
  FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (officer_id, due_date) DO UPDATE SET amount = s.amount + excluded.amount;
  WITH moved AS (DELETE FROM report_summary_pending RETURNING *)
  INSERT INTO repayment_paid_summary AS s (officer_id, paid_date, repossessed, amount)
  SELECT officer_id, day, repossessed, sum(amount)
  FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (officer_id, paid_date, repossessed) DO UPDATE SET amount = s.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_summary_pending_fold" AFTER INSERT ON "report_summary_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "report_summary_fold"();
--> statement-breakpoint
-- Created before the backfill: they lock the tables against writes until this migration commits.
CREATE TRIGGER "loan_installments_report_insert" AFTER INSERT ON "loan_installments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_installments"();
--> statement-breakpoint
CREATE TRIGGER "loan_installments_report_update" AFTER UPDATE ON "loan_installments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_installments"();
--> statement-breakpoint
CREATE TRIGGER "loan_installments_report_delete" AFTER DELETE ON "loan_installments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_installments"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_insert" AFTER INSERT ON "repayments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayments"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_update" AFTER UPDATE ON "repayments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayments"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_delete" AFTER DELETE ON "repayments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_repayments"();
--> statement-breakpoint
CREATE TRIGGER "loans_report_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_note_loans"();
--> statement-breakpoint
CREATE TRIGGER "loans_report_delete" BEFORE DELETE ON "loans"
  FOR EACH ROW EXECUTE FUNCTION "report_note_loan_deleted"();
--> statement-breakpoint
-- TRUNCATE fires none of the above: emptied loans (which empties the other two) or installments or
-- repayments empty what they summed.
CREATE FUNCTION "report_summary_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('loans', 'loan_installments') THEN
    DELETE FROM installment_due_summary;
  END IF;
  IF TG_TABLE_NAME IN ('loans', 'repayments') THEN
    DELETE FROM repayment_paid_summary;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loans_report_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_summary_truncated"();
--> statement-breakpoint
CREATE TRIGGER "loan_installments_report_truncate" AFTER TRUNCATE ON "loan_installments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_summary_truncated"();
--> statement-breakpoint
CREATE TRIGGER "repayments_report_truncate" AFTER TRUNCATE ON "repayments"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_summary_truncated"();
--> statement-breakpoint
INSERT INTO "installment_due_summary" (officer_id, due_date, amount)
SELECT l.officer_id, i.due_date, sum(i.amount)
FROM loan_installments i JOIN loans l ON l.id = i.loan_id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "repayment_paid_summary" (officer_id, paid_date, repossessed, amount)
SELECT l.officer_id, r.paid_date, l.status = 'repossessed', sum(r.amount)
FROM repayments r JOIN loans l ON l.id = r.loan_id
WHERE r.status = 'paid'
GROUP BY 1, 2, 3;
