CREATE INDEX "customers_search_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name" || ' ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_national_id_trgm_idx" ON "customers" USING gin ("national_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_trgm_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "repayments_mpesa_code_trgm_idx" ON "repayments" USING gin ("mpesa_code" gin_trgm_ops);