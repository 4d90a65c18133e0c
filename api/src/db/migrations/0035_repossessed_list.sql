ALTER TABLE "loans" ADD COLUMN "repossessed_balance" numeric(14, 2);--> statement-breakpoint
CREATE INDEX "loans_repossessed_list_idx" ON "loans" USING btree ("repossessed_at","id") WHERE "loans"."device_status" = 'repossessed';--> statement-breakpoint
CREATE INDEX "loans_officer_repossessed_list_idx" ON "loans" USING btree ("officer_id","repossessed_at","id") WHERE "loans"."device_status" = 'repossessed';--> statement-breakpoint
-- Phones repossessed before this column: what they owed then is what they owe now plus what was
-- collected on them since.
UPDATE "loans" SET "repossessed_balance" = "remaining_balance" + coalesce((
  SELECT sum(r."amount") FROM "repayments" r
  WHERE r."loan_id" = "loans"."id" AND r."status" = 'approved' AND r."approved_at" > "loans"."repossessed_at"
), 0)
WHERE "repossessed_at" IS NOT NULL;
