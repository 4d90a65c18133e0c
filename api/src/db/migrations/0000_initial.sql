CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"loan_id" integer,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaterals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collaterals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"item_count" integer DEFAULT 1 NOT NULL,
	"additional_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaterals_item_count_check" CHECK ("collaterals"."item_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"national_id" text NOT NULL,
	"county" text NOT NULL,
	"occupation" text NOT NULL,
	"residence_details" text,
	"address" text,
	"monthly_income" numeric(14, 2),
	"passport_photo_key" text,
	"national_id_photo_key" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_national_id_check" CHECK ("customers"."national_id" ~ '^[0-9]{6,10}$'),
	CONSTRAINT "customers_phone_check" CHECK ("customers"."phone" ~ '^\+254[0-9]{9}$'),
	CONSTRAINT "customers_monthly_income_check" CHECK ("customers"."monthly_income" >= 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_entity" text NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_owner_entity_check" CHECK ("files"."owner_entity" in ('user', 'customer', 'guarantor')),
	CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('avatar', 'passport_photo', 'national_id_photo')),
	CONSTRAINT "files_mime_check" CHECK ("files"."mime" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "files_size_check" CHECK ("files"."size" > 0 and "files"."size" <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "guarantor_collaterals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guarantor_collaterals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"guarantor_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"item_count" integer DEFAULT 1 NOT NULL,
	"additional_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantor_collaterals_item_count_check" CHECK ("guarantor_collaterals"."item_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "guarantors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guarantors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_number" text,
	"phone_number" text NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"installment_type" text DEFAULT 'weekly' NOT NULL,
	"mpesa_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_applications_amount_check" CHECK ("loan_applications"."amount" > 0),
	CONSTRAINT "loan_applications_imei_check" CHECK ("loan_applications"."imei" ~ '^[0-9]{15}$'),
	CONSTRAINT "loan_applications_installment_type_check" CHECK ("loan_applications"."installment_type" in ('weekly')),
	CONSTRAINT "loan_applications_status_check" CHECK ("loan_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "loan_installments" (
	"loan_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "loan_installments_loan_id_number_pk" PRIMARY KEY("loan_id","number")
);
--> statement-breakpoint
CREATE TABLE "loan_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"note" text NOT NULL,
	"note_date" date NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_amount" numeric(14, 2) NOT NULL,
	"max_amount" numeric(14, 2) NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"duration_days" integer DEFAULT 30 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_min_amount_check" CHECK ("loan_products"."min_amount" > 0),
	CONSTRAINT "loan_products_max_amount_check" CHECK ("loan_products"."max_amount" >= "loan_products"."min_amount"),
	CONSTRAINT "loan_products_interest_rate_check" CHECK ("loan_products"."interest_rate" >= 0 and "loan_products"."interest_rate" <= 100),
	CONSTRAINT "loan_products_duration_days_check" CHECK ("loan_products"."duration_days" between 7 and 730)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"interest_rate" numeric(5, 2) NOT NULL,
	"duration_days" integer NOT NULL,
	"installment_type" text DEFAULT 'weekly' NOT NULL,
	"applied_amount" numeric(14, 2) NOT NULL,
	"principal" numeric(14, 2) NOT NULL,
	"total_interest" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"installment_count" smallint NOT NULL,
	"installment_amount" numeric(14, 2) NOT NULL,
	"penalty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"remaining_balance" numeric(14, 2) NOT NULL,
	"arrears" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending_disbursement' NOT NULL,
	"device_status" text,
	"purpose" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone NOT NULL,
	"disbursement_mpesa_code" text,
	"disbursed_by" integer,
	"disbursement_date" timestamp with time zone,
	"due_date" date,
	"expected_completion_date" date,
	"completed_date" date,
	"default_date" date,
	"locked_at" timestamp with time zone,
	"repossessed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_status_check" CHECK ("loans"."status" in ('active', 'partially_paid', 'paid', 'defaulted', 'pending_disbursement', 'overdue', 'repossessed')),
	CONSTRAINT "loans_device_status_check" CHECK ("loans"."device_status" in ('active', 'waiting', 'locked', 'purchased', 'repossessed')),
	CONSTRAINT "loans_principal_check" CHECK ("loans"."principal" > 0),
	CONSTRAINT "loans_paid_amount_check" CHECK ("loans"."paid_amount" >= 0),
	CONSTRAINT "loans_remaining_balance_check" CHECK ("loans"."remaining_balance" >= 0),
	CONSTRAINT "loans_interest_rate_check" CHECK ("loans"."interest_rate" >= 0 and "loans"."interest_rate" <= 100),
	CONSTRAINT "loans_installment_count_check" CHECK ("loans"."installment_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"outcome" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_outcome_check" CHECK ("login_attempts"."outcome" in ('success', 'failure', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "monthly_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monthly_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"officer_id" integer,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_targets_month_check" CHECK ("monthly_targets"."month" between 1 and 12),
	CONSTRAINT "monthly_targets_year_check" CHECK ("monthly_targets"."year" between 2000 and 2100),
	CONSTRAINT "monthly_targets_kind_check" CHECK ("monthly_targets"."kind" in ('disbursement', 'collection')),
	CONSTRAINT "monthly_targets_amount_check" CHECK ("monthly_targets"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mpesa_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"used_for" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mpesa_codes_code_check" CHECK ("mpesa_codes"."code" ~ '^[A-Z0-9]{10}$'),
	CONSTRAINT "mpesa_codes_used_for_check" CHECK ("mpesa_codes"."used_for" in ('application_deposit', 'disbursement', 'repayment'))
);
--> statement-breakpoint
CREATE TABLE "referees" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"phone_number" text NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "repayments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"mpesa_code" text NOT NULL,
	"method" text DEFAULT 'mpesa' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_date" date NOT NULL,
	"due_date" date,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	CONSTRAINT "repayments_amount_check" CHECK ("repayments"."amount" > 0),
	CONSTRAINT "repayments_method_check" CHECK ("repayments"."method" in ('mpesa')),
	CONSTRAINT "repayments_status_check" CHECK ("repayments"."status" in ('pending', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"avatar_key" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'officer'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaterals" ADD CONSTRAINT "collaterals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_passport_photo_key_files_key_fk" FOREIGN KEY ("passport_photo_key") REFERENCES "public"."files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_national_id_photo_key_files_key_fk" FOREIGN KEY ("national_id_photo_key") REFERENCES "public"."files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantor_collaterals" ADD CONSTRAINT "guarantor_collaterals_guarantor_id_guarantors_id_fk" FOREIGN KEY ("guarantor_id") REFERENCES "public"."guarantors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantors" ADD CONSTRAINT "guarantors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_mpesa_code_mpesa_codes_code_fk" FOREIGN KEY ("mpesa_code") REFERENCES "public"."mpesa_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_installments" ADD CONSTRAINT "loan_installments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_notes" ADD CONSTRAINT "loan_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_products" ADD CONSTRAINT "loan_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursement_mpesa_code_mpesa_codes_code_fk" FOREIGN KEY ("disbursement_mpesa_code") REFERENCES "public"."mpesa_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_disbursed_by_users_id_fk" FOREIGN KEY ("disbursed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_targets" ADD CONSTRAINT "monthly_targets_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_targets" ADD CONSTRAINT "monthly_targets_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_codes" ADD CONSTRAINT "mpesa_codes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referees" ADD CONSTRAINT "referees_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_mpesa_code_mpesa_codes_code_fk" FOREIGN KEY ("mpesa_code") REFERENCES "public"."mpesa_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_key_files_key_fk" FOREIGN KEY ("avatar_key") REFERENCES "public"."files"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_loan_idx" ON "audit_log" USING btree ("loan_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "collaterals_customer_idx" ON "collaterals" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_national_id_key" ON "customers" USING btree ("national_id");--> statement-breakpoint
CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_entity","owner_id");--> statement-breakpoint
CREATE INDEX "guarantor_collaterals_guarantor_idx" ON "guarantor_collaterals" USING btree ("guarantor_id");--> statement-breakpoint
CREATE INDEX "guarantors_customer_idx" ON "guarantors" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_mpesa_code_key" ON "loan_applications" USING btree ("mpesa_code");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_pending_per_customer" ON "loan_applications" USING btree ("customer_id") WHERE "loan_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_pending_per_imei" ON "loan_applications" USING btree ("imei") WHERE "loan_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "loan_applications_status_idx" ON "loan_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "loan_applications_officer_idx" ON "loan_applications" USING btree ("officer_id","status");--> statement-breakpoint
CREATE INDEX "loan_installments_due_date_idx" ON "loan_installments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "loan_notes_loan_idx" ON "loan_notes" USING btree ("loan_id","note_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_products_name_lower_key" ON "loan_products" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "loans_application_key" ON "loans" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_disbursement_mpesa_code_key" ON "loans" USING btree ("disbursement_mpesa_code");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "loans_officer_idx" ON "loans" USING btree ("officer_id","status");--> statement-breakpoint
CREATE INDEX "loans_customer_idx" ON "loans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loans_imei_idx" ON "loans" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "loans_disbursement_date_idx" ON "loans" USING btree ("disbursement_date");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_attempted_at_idx" ON "login_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_targets_key" ON "monthly_targets" USING btree (coalesce("officer_id", 0),"year","month","kind");--> statement-breakpoint
CREATE INDEX "referees_customer_idx" ON "referees" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_mpesa_code_key" ON "repayments" USING btree ("mpesa_code");--> statement-breakpoint
CREATE INDEX "repayments_loan_idx" ON "repayments" USING btree ("loan_id","status");--> statement-breakpoint
CREATE INDEX "repayments_status_idx" ON "repayments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "repayments_approved_at_idx" ON "repayments" USING btree ("approved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);