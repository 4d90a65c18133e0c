DROP INDEX "repayments_status_idx";--> statement-breakpoint
CREATE INDEX "loans_active_list_idx" ON "loans" USING btree ("disbursement_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_officer_active_list_idx" ON "loans" USING btree ("officer_id","disbursement_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loans_status_list_idx" ON "loans" USING btree ("status","disbursement_date","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_list_idx" ON "loans" USING btree ("officer_id","status","disbursement_date","id");--> statement-breakpoint
CREATE INDEX "loans_status_due_list_idx" ON "loans" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "loans_officer_status_due_list_idx" ON "loans" USING btree ("officer_id","status","due_date","id");--> statement-breakpoint
CREATE INDEX "loans_status_approved_list_idx" ON "loans" USING btree ("status","approved_at","id");--> statement-breakpoint
CREATE INDEX "loans_open_due_idx" ON "loans" USING btree ("due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue');--> statement-breakpoint
CREATE INDEX "loans_officer_open_due_idx" ON "loans" USING btree ("officer_id","due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue');--> statement-breakpoint
CREATE INDEX "repayments_created_list_idx" ON "repayments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "repayments_approved_list_idx" ON "repayments" USING btree ("approved_at","id") WHERE "repayments"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "repayments_status_idx" ON "repayments" USING btree ("status","created_at","id");