ALTER TABLE "loans" ADD COLUMN "paid_through_date" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "lock_date" date;--> statement-breakpoint
-- Backfill. A paid-off loan is paid through its last installment's due date, and its lock date
-- stays null: set here in one statement.
UPDATE "loans" SET "paid_through_date" = (
  SELECT max("loan_installments"."due_date") FROM "loan_installments"
  WHERE "loan_installments"."loan_id" = "loans"."id"
) WHERE "loans"."disbursement_date" IS NOT NULL AND "loans"."status" = 'paid';--> statement-breakpoint
-- Every other disbursed loan needs the engine's allocation (late fees first): its ageing day is
-- set to come now, so the ageing pass (modules/loans/ageing.ts) re-evaluates it after start-up, in
-- committed batches, and stores both dates (not audited: engine-input.ts diffDerived). Reads
-- before the pass reaches a row evaluate it as of today (loansAsOfToday).
UPDATE "loans" SET "next_ageing_on" = '1970-01-01'
WHERE "loans"."disbursement_date" IS NOT NULL AND "loans"."status" <> 'paid';
