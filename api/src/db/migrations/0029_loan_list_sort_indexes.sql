DROP INDEX "loans_status_idx";--> statement-breakpoint
CREATE INDEX "customers_created_by_name_idx" ON "customers" USING btree ("created_by",lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX "loans_status_principal_sort_idx" ON "loans" USING btree ("status","principal","id");--> statement-breakpoint
CREATE INDEX "loans_status_total_sort_idx" ON "loans" USING btree ("status","total_amount","id");--> statement-breakpoint
CREATE INDEX "loans_status_balance_sort_idx" ON "loans" USING btree ("status","remaining_balance","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_due_sort_idx" ON "loans" USING btree ("officer_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_principal_sort_idx" ON "loans" USING btree ("officer_id","status","principal","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_total_sort_idx" ON "loans" USING btree ("officer_id","status","total_amount","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_balance_sort_idx" ON "loans" USING btree ("officer_id","status","remaining_balance","id");--> statement-breakpoint
CREATE INDEX "loans_active_principal_sort_idx" ON "loans" USING btree ("principal","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_principal_sort_idx" ON "loans" USING btree ("officer_id","principal","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_total_sort_idx" ON "loans" USING btree ("officer_id","total_amount","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_balance_sort_idx" ON "loans" USING btree ("officer_id","remaining_balance","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_due_sort_idx" ON "loans" USING btree ("officer_id","due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_status_sort_idx" ON "loans" USING btree ("officer_id","status","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_dated_principal_sort_idx" ON "loans" USING btree ("principal","id","due_date") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_dated_total_sort_idx" ON "loans" USING btree ("total_amount","id","due_date") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_dated_balance_sort_idx" ON "loans" USING btree ("remaining_balance","id","due_date") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_dated_status_sort_idx" ON "loans" USING btree ("status","id","due_date") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_dated_disbursed_sort_idx" ON "loans" USING btree ("disbursement_date","id","due_date") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","due_date","id");