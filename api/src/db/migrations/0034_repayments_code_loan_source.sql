DROP INDEX "repayments_mpesa_code_loan_key";--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_mpesa_code_loan_source_key" ON "repayments" USING btree ("mpesa_code","loan_id","source");