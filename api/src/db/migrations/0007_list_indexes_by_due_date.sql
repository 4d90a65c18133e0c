DROP INDEX "loans_status_due_list_idx";--> statement-breakpoint
DROP INDEX "loans_officer_status_due_list_idx";--> statement-breakpoint
DROP INDEX "loans_open_due_idx";--> statement-breakpoint
DROP INDEX "loans_officer_open_due_idx";--> statement-breakpoint
CREATE INDEX "loans_dated_due_idx" ON "loans" USING btree ("due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');--> statement-breakpoint
CREATE INDEX "loans_officer_dated_due_idx" ON "loans" USING btree ("officer_id","due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');