ALTER TABLE "repayments" DROP CONSTRAINT "repayments_status_check";--> statement-breakpoint
DROP INDEX "repayments_mpesa_code_loan_source_key";--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_mpesa_code_loan_source_key" ON "repayments" USING btree ("mpesa_code","loan_id","source") WHERE "repayments"."status" <> 'rejected';--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_rejection_check" CHECK (("repayments"."status" = 'rejected') = ("repayments"."rejected_at" is not null and "repayments"."rejection_reason" is not null));--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_status_check" CHECK ("repayments"."status" in ('pending', 'paid', 'rejected'));