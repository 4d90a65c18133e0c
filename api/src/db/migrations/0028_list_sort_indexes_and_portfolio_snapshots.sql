CREATE TABLE "portfolio_snapshots" (
	"business_date" date NOT NULL,
	"officer_id" integer NOT NULL,
	"outstanding" numeric NOT NULL,
	"par30" numeric NOT NULL,
	CONSTRAINT "portfolio_snapshots_business_date_officer_id_pk" PRIMARY KEY("business_date","officer_id")
);
--> statement-breakpoint
CREATE INDEX "customers_sort_name_idx" ON "customers" USING btree (lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_created_by_sort_name_idx" ON "customers" USING btree ("created_by",lower("first_name" || ' ' || "last_name"),"id");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "loan_applications_status_amount_sort_idx" ON "loan_applications" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "loans_active_total_sort_idx" ON "loans" USING btree ("total_amount","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_active_balance_sort_idx" ON "loans" USING btree ("remaining_balance","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_active_due_sort_idx" ON "loans" USING btree ("due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_active_status_sort_idx" ON "loans" USING btree ("status","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "mpesa_payments_status_amount_idx" ON "mpesa_payments" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_status_trans_id_idx" ON "mpesa_payments" USING btree ("status","trans_id","id");--> statement-breakpoint
CREATE INDEX "repayments_status_paid_date_idx" ON "repayments" USING btree ("status","paid_date","id");--> statement-breakpoint
CREATE INDEX "repayments_status_amount_idx" ON "repayments" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "repayments_status_mpesa_code_idx" ON "repayments" USING btree ("status","mpesa_code","id");