ALTER TABLE "loan_notes" ADD COLUMN "type" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD COLUMN "promise_date" date;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD COLUMN "promise_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "promise_date" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "promise_from" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "promise_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "promise_paid" numeric(14, 2);--> statement-breakpoint
CREATE INDEX "loans_promise_due_idx" ON "loans" USING btree ("due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted') and "loans"."promise_date" is not null;--> statement-breakpoint
CREATE INDEX "loans_officer_promise_due_idx" ON "loans" USING btree ("officer_id","due_date","id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted') and "loans"."promise_date" is not null;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_type_check" CHECK ("loan_notes"."type" in ('call', 'visit', 'promise', 'other'));--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_promise_check" CHECK (("loan_notes"."type" = 'promise') = ("loan_notes"."promise_date" is not null and "loan_notes"."promise_amount" is not null) and ("loan_notes"."type" = 'promise' or ("loan_notes"."promise_date" is null and "loan_notes"."promise_amount" is null)));--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_promise_amount_check" CHECK ("loan_notes"."promise_amount" > 0);--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_promise_check" CHECK (("loans"."promise_date" is null) = ("loans"."promise_amount" is null) and ("loans"."promise_date" is null) = ("loans"."promise_paid" is null) and ("loans"."promise_date" is null) = ("loans"."promise_from" is null));