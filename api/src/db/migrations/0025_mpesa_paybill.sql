CREATE TABLE "mpesa_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mpesa_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trans_id" text NOT NULL,
	"trans_type" text NOT NULL,
	"trans_time" timestamp with time zone NOT NULL,
	"paid_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"unapplied" numeric(14, 2) NOT NULL,
	"bill_ref" text NOT NULL,
	"short_code" text NOT NULL,
	"msisdn" text NOT NULL,
	"payer_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"loan_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "mpesa_payments_amount_check" CHECK ("mpesa_payments"."amount" > 0),
	CONSTRAINT "mpesa_payments_unapplied_check" CHECK ("mpesa_payments"."unapplied" >= 0 and "mpesa_payments"."unapplied" <= "mpesa_payments"."amount"),
	CONSTRAINT "mpesa_payments_status_check" CHECK ("mpesa_payments"."status" in ('applied', 'suspense', 'refunded')),
	CONSTRAINT "mpesa_payments_reason_check" CHECK ("mpesa_payments"."reason" is null or "mpesa_payments"."reason" in ('unknown_account', 'not_disbursed', 'loan_closed', 'over_balance'))
);
--> statement-breakpoint
DROP INDEX "repayments_mpesa_code_key";--> statement-breakpoint
ALTER TABLE "repayments" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "mpesa_payment_id" integer;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_trans_id_key" ON "mpesa_payments" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_status_list_idx" ON "mpesa_payments" USING btree ("status","received_at","id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_loan_idx" ON "mpesa_payments" USING btree ("loan_id") WHERE "mpesa_payments"."loan_id" is not null;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_mpesa_payment_id_mpesa_payments_id_fk" FOREIGN KEY ("mpesa_payment_id") REFERENCES "public"."mpesa_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_mpesa_code_loan_key" ON "repayments" USING btree ("mpesa_code","loan_id");--> statement-breakpoint
CREATE INDEX "repayments_mpesa_payment_idx" ON "repayments" USING btree ("mpesa_payment_id") WHERE "repayments"."mpesa_payment_id" is not null;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_source_check" CHECK ("repayments"."source" in ('staff', 'mpesa'));--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_recorder_check" CHECK (("repayments"."source" = 'staff') = ("repayments"."created_by" is not null));