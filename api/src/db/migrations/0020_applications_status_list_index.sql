CREATE INDEX "loan_applications_status_list_idx" ON "loan_applications" USING btree ("status","created_at","id");--> statement-breakpoint
DROP INDEX "loan_applications_status_idx";--> statement-breakpoint
DROP INDEX "loan_applications_pending_list_idx";
