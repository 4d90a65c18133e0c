ALTER TABLE "loans" ADD COLUMN "amount_due" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Backfill. A paid or undisbursed loan owes nothing now (the default 0). Every other disbursed loan
-- needs the engine's allocation (late fees first): its ageing day is set to come now, so the ageing
-- pass (modules/loans/ageing.ts) re-evaluates it after start-up, in committed batches, and stores
-- the amount (not audited: engine-input.ts diffDerived). Reads before the pass reaches a row
-- evaluate it as of today (loansAsOfToday).
UPDATE "loans" SET "next_ageing_on" = '1970-01-01'
WHERE "loans"."disbursement_date" IS NOT NULL AND "loans"."status" <> 'paid';
