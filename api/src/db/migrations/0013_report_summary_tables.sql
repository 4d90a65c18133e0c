CREATE TABLE "installment_due_summary" (
	"officer_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "installment_due_summary_officer_id_due_date_pk" PRIMARY KEY("officer_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "repayment_paid_summary" (
	"officer_id" integer NOT NULL,
	"paid_date" date NOT NULL,
	"repossessed" boolean NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "repayment_paid_summary_officer_id_paid_date_repossessed_pk" PRIMARY KEY("officer_id","paid_date","repossessed")
);
--> statement-breakpoint
CREATE TABLE "report_summary_pending" (
	"officer_id" integer NOT NULL,
	"day" date NOT NULL,
	"repossessed" boolean,
	"amount" numeric NOT NULL
);
