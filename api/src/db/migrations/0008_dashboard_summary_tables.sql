CREATE TABLE "loan_book_collected" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"amount" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_book_pending" (
	"officer_id" integer NOT NULL,
	"status" text,
	"disbursed" boolean,
	"due_date" date,
	"loans" bigint DEFAULT 0 NOT NULL,
	"principal" numeric DEFAULT '0' NOT NULL,
	"collected" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_book_summary" (
	"officer_id" integer NOT NULL,
	"status" text NOT NULL,
	"disbursed" boolean NOT NULL,
	"loans" bigint NOT NULL,
	"principal" numeric NOT NULL,
	CONSTRAINT "loan_book_summary_officer_id_status_disbursed_pk" PRIMARY KEY("officer_id","status","disbursed")
);
--> statement-breakpoint
CREATE TABLE "loan_due_summary" (
	"due_date" date NOT NULL,
	"officer_id" integer NOT NULL,
	"loans" bigint NOT NULL,
	CONSTRAINT "loan_due_summary_due_date_officer_id_pk" PRIMARY KEY("due_date","officer_id")
);
--> statement-breakpoint
CREATE INDEX "loans_dated_status_due_idx" ON "loans" USING btree ("status","due_date","officer_id") WHERE "loans"."disbursement_date" is not null and "loans"."status" in ('active', 'partially_paid', 'overdue', 'defaulted');