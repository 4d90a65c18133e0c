DROP INDEX "customers_created_by_idx";--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "loan_applications_customer_idx" ON "loan_applications" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "repayments_customer_idx" ON "repayments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("created_by","created_at","id");