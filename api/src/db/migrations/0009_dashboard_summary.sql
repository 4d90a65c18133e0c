-- The dashboard's summaries (tables in 0008): kept by statement triggers on loans and repayments,
-- which net each statement's changes per key into loan_book_pending; a deferred trigger folds a
-- transaction's pending rows into the summaries at commit, in key order. Then filled from the rows
-- already there. Written by hand (drizzle-kit generate --custom): drizzle has no triggers.
--
-- Nothing in it lives past a transaction, so it need not survive a crash.
ALTER TABLE "loan_book_pending" SET UNLOGGED;
--> statement-breakpoint
-- loans: each row counts +1 (new) or -1 (old) under (officer, status, disbursed) with its principal,
-- and a dated one (disbursed, in DATED_STATUSES, with a due date) under (officer, due date); an
-- UPDATE that leaves them alone nets to nothing and writes nothing. A loan moving to another
-- officer takes its approved repayments with it.
CREATE FUNCTION "loan_book_note_loans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changes AS (
      SELECT officer_id, status, disbursement_date IS NOT NULL AS disbursed, due_date, 1 AS n, principal AS p
      FROM new_rows
    ), by_status AS (
      INSERT INTO loan_book_pending (officer_id, status, disbursed, loans, principal)
      SELECT officer_id, status, disbursed, sum(n), sum(p) FROM changes GROUP BY 1, 2, 3
    )
    INSERT INTO loan_book_pending (officer_id, due_date, loans)
    SELECT officer_id, due_date, sum(n) FROM changes
    WHERE disbursed AND status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND due_date IS NOT NULL
    GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    WITH changes AS (
      SELECT officer_id, status, disbursement_date IS NOT NULL AS disbursed, due_date, -1 AS n, -principal AS p
      FROM old_rows
    ), by_status AS (
      INSERT INTO loan_book_pending (officer_id, status, disbursed, loans, principal)
      SELECT officer_id, status, disbursed, sum(n), sum(p) FROM changes GROUP BY 1, 2, 3
    )
    INSERT INTO loan_book_pending (officer_id, due_date, loans)
    SELECT officer_id, due_date, sum(n) FROM changes
    WHERE disbursed AND status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND due_date IS NOT NULL
    GROUP BY 1, 2;
  ELSE
    WITH changes AS (
      SELECT officer_id, status, disbursement_date IS NOT NULL AS disbursed, due_date, 1 AS n, principal AS p
      FROM new_rows
      UNION ALL
      SELECT officer_id, status, disbursement_date IS NOT NULL, due_date, -1, -principal FROM old_rows
    ), by_status AS (
      INSERT INTO loan_book_pending (officer_id, status, disbursed, loans, principal)
      SELECT officer_id, status, disbursed, sum(n), sum(p) FROM changes
      GROUP BY 1, 2, 3
      HAVING sum(n) <> 0 OR sum(p) <> 0
    )
    INSERT INTO loan_book_pending (officer_id, due_date, loans)
    SELECT officer_id, due_date, sum(n) FROM changes
    WHERE disbursed AND status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND due_date IS NOT NULL
    GROUP BY 1, 2
    HAVING sum(n) <> 0;
    WITH moved AS MATERIALIZED (
      SELECT n.id, n.officer_id AS new_officer, o.officer_id AS old_officer
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.officer_id <> o.officer_id
    ), paid AS (
      -- A scalar subquery per moved loan reads repayments_loan_idx, whatever plan is cached for
      -- this function (plans are kept per session, made from the first statement's rows).
      SELECT new_officer, old_officer,
        (SELECT sum(r.amount) FROM repayments r WHERE r.loan_id = moved.id AND r.status = 'paid') AS amount
      FROM moved
    )
    INSERT INTO loan_book_pending (officer_id, collected)
    SELECT officer_id, sum(amount)
    FROM (
      SELECT new_officer AS officer_id, amount FROM paid WHERE amount IS NOT NULL
      UNION ALL
      SELECT old_officer, -amount FROM paid WHERE amount IS NOT NULL
    ) AS changes
    GROUP BY 1
    HAVING sum(amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- repayments: an approved ('paid') repayment counts its amount for its loan's officer.
CREATE FUNCTION "loan_book_note_repayments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The loan's officer by a scalar subquery: a primary key lookup per row whatever the cached plan.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO loan_book_pending (officer_id, collected)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = r.loan_id), sum(r.amount)
    FROM new_rows r WHERE r.status = 'paid'
    GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO loan_book_pending (officer_id, collected)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = r.loan_id), -sum(r.amount)
    FROM old_rows r WHERE r.status = 'paid'
    GROUP BY 1;
  ELSE
    INSERT INTO loan_book_pending (officer_id, collected)
    SELECT (SELECT l.officer_id FROM loans l WHERE l.id = c.loan_id), sum(c.amount)
    FROM (
      SELECT loan_id, amount FROM new_rows WHERE status = 'paid'
      UNION ALL
      SELECT loan_id, -amount FROM old_rows WHERE status = 'paid'
    ) AS c
    GROUP BY 1
    HAVING sum(c.amount) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit: the first firing moves every pending row of the transaction (other transactions'
-- uncommitted rows are invisible to it, and none is ever committed), the later ones find none.
-- Each upsert takes its rows' locks in key order, the tables always in the same order, so no two
-- commits deadlock.
CREATE FUNCTION "loan_book_fold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (DELETE FROM loan_book_pending WHERE status IS NOT NULL RETURNING *)
  INSERT INTO loan_book_summary AS s (officer_id, status, disbursed, loans, principal)
  SELECT officer_id, status, disbursed, sum(loans), sum(principal)
  FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (officer_id, status, disbursed)
  DO UPDATE SET loans = s.loans + excluded.loans, principal = s.principal + excluded.principal;
  WITH moved AS (DELETE FROM loan_book_pending WHERE due_date IS NOT NULL RETURNING *)
  INSERT INTO loan_due_summary AS d (due_date, officer_id, loans)
  SELECT due_date, officer_id, sum(loans)
  FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (due_date, officer_id) DO UPDATE SET loans = d.loans + excluded.loans;
  WITH moved AS (DELETE FROM loan_book_pending RETURNING *)
  INSERT INTO loan_book_collected AS c (officer_id, amount)
  SELECT officer_id, sum(collected)
  FROM moved GROUP BY 1 ORDER BY 1
  ON CONFLICT (officer_id) DO UPDATE SET amount = c.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "loan_book_pending_fold" AFTER INSERT ON "loan_book_pending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "loan_book_fold"();
--> statement-breakpoint
-- Created before the backfill: they lock the tables against writes until this migration commits,
-- so no write falls between the backfill's snapshot and the triggers.
CREATE TRIGGER "loans_book_insert" AFTER INSERT ON "loans"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_loans"();
--> statement-breakpoint
CREATE TRIGGER "loans_book_update" AFTER UPDATE ON "loans"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_loans"();
--> statement-breakpoint
CREATE TRIGGER "loans_book_delete" AFTER DELETE ON "loans"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_loans"();
--> statement-breakpoint
CREATE TRIGGER "repayments_book_insert" AFTER INSERT ON "repayments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_repayments"();
--> statement-breakpoint
CREATE TRIGGER "repayments_book_update" AFTER UPDATE ON "repayments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_repayments"();
--> statement-breakpoint
CREATE TRIGGER "repayments_book_delete" AFTER DELETE ON "repayments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_note_repayments"();
--> statement-breakpoint
-- TRUNCATE fires no row or statement trigger of the kinds above: emptied loans (which empties
-- repayments too) or repayments empty what they summed.
CREATE FUNCTION "loan_book_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'loans' THEN
    DELETE FROM loan_book_summary;
    DELETE FROM loan_due_summary;
  END IF;
  DELETE FROM loan_book_collected;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loans_book_truncate" AFTER TRUNCATE ON "loans"
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_truncated"();
--> statement-breakpoint
CREATE TRIGGER "repayments_book_truncate" AFTER TRUNCATE ON "repayments"
  FOR EACH STATEMENT EXECUTE FUNCTION "loan_book_truncated"();
--> statement-breakpoint
INSERT INTO "loan_book_summary" (officer_id, status, disbursed, loans, principal)
SELECT officer_id, status, disbursement_date IS NOT NULL, count(*), sum(principal)
FROM loans GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "loan_book_collected" (officer_id, amount)
SELECT l.officer_id, sum(r.amount)
FROM repayments r JOIN loans l ON l.id = r.loan_id
WHERE r.status = 'paid'
GROUP BY 1;
--> statement-breakpoint
INSERT INTO "loan_due_summary" (due_date, officer_id, loans)
SELECT due_date, officer_id, count(*)
FROM loans
WHERE disbursement_date IS NOT NULL AND status IN ('active', 'partially_paid', 'overdue', 'defaulted') AND due_date IS NOT NULL
GROUP BY 1, 2;
