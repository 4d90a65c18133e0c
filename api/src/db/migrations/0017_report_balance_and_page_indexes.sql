ALTER TABLE "loan_disbursal_summary" ADD COLUMN "balance" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_day_pending" ADD COLUMN "balance" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "loans_disbursed_list_idx" ON "loans" USING btree ("disbursement_date","id") WHERE "loans"."disbursement_date" is not null;--> statement-breakpoint
CREATE INDEX "loans_officer_disbursed_list_idx" ON "loans" USING btree ("officer_id","disbursement_date","id") WHERE "loans"."disbursement_date" is not null;