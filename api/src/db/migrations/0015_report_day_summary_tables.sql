CREATE TABLE "loan_disbursal_summary" (
	"officer_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"due_date" date,
	"partly_paid" boolean NOT NULL,
	"loans" bigint NOT NULL,
	"principal" numeric NOT NULL,
	CONSTRAINT "loan_disbursal_summary_key" UNIQUE NULLS NOT DISTINCT("officer_id","day","status","due_date","partly_paid")
);
--> statement-breakpoint
CREATE TABLE "repayment_approved_summary" (
	"officer_id" integer NOT NULL,
	"day" date NOT NULL,
	"repayments" bigint NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "repayment_approved_summary_officer_id_day_pk" PRIMARY KEY("officer_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_day_pending" (
	"officer_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text,
	"due_date" date,
	"partly_paid" boolean,
	"loans" bigint DEFAULT 0 NOT NULL,
	"principal" numeric DEFAULT '0' NOT NULL,
	"repayments" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_time_zone" (
	"time_zone" text PRIMARY KEY NOT NULL
);
