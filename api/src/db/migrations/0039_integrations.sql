CREATE TABLE "customer_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"loan_id" integer,
	"kind" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"parts" smallint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"reminder_day" date,
	"provider_message_id" text,
	"cost_text" text,
	"cost" numeric(12, 4),
	"failure_reason" text,
	"sent_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "customer_messages_kind_check" CHECK ("customer_messages"."kind" in ('reminder_before', 'reminder_due', 'reminder_missed', 'lock_notice', 'receipt', 'promise', 'cleared', 'one_off')),
	CONSTRAINT "customer_messages_status_check" CHECK ("customer_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed')),
	CONSTRAINT "customer_messages_phone_check" CHECK ("customer_messages"."phone" ~ '^\+[1-9][0-9]{7,14}$')
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"device_uid" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "device_commands_action_check" CHECK ("device_commands"."action" in ('lock', 'unlock', 'complete')),
	CONSTRAINT "device_commands_reason_check" CHECK ("device_commands"."reason" in ('officer_lock', 'auto_lock', 'repossessed', 'arrears_cleared', 'loan_cleared')),
	CONSTRAINT "device_commands_status_check" CHECK ("device_commands"."status" in ('queued', 'sending', 'sent', 'confirmed', 'failed', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "lender_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_lock" boolean DEFAULT false NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder_days_before" smallint DEFAULT 3 NOT NULL,
	"paybill_number" text DEFAULT '522533' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lender_settings_one_row" CHECK ("lender_settings"."id" = 1),
	CONSTRAINT "lender_settings_reminder_days_check" CHECK ("lender_settings"."reminder_days_before" between 0 and 14)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_templates_kind_check" CHECK ("message_templates"."kind" in ('reminder_before', 'reminder_due', 'reminder_missed', 'lock_notice', 'receipt', 'promise', 'cleared', 'one_off'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "device_lock_state" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "device_alert" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "device_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_settings" ADD CONSTRAINT "lender_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_messages_due_idx" ON "customer_messages" USING btree ("next_attempt_at","id") WHERE "customer_messages"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_reminder_key" ON "customer_messages" USING btree ("loan_id","reminder_day") WHERE "customer_messages"."reminder_day" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_provider_id_key" ON "customer_messages" USING btree ("provider_message_id") WHERE "customer_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "customer_messages_loan_idx" ON "customer_messages" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "customer_messages_customer_idx" ON "customer_messages" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "customer_messages_sent_idx" ON "customer_messages" USING btree ("sent_at") WHERE "customer_messages"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "device_commands_due_idx" ON "device_commands" USING btree ("next_attempt_at","id") WHERE "device_commands"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_uid","id");--> statement-breakpoint
CREATE INDEX "device_commands_loan_idx" ON "device_commands" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "device_commands_failing_idx" ON "device_commands" USING btree ("id") WHERE "device_commands"."status" = 'failed' or ("device_commands"."status" in ('queued', 'sending') and "device_commands"."attempts" >= 3);--> statement-breakpoint
CREATE INDEX "loans_waiting_lock_idx" ON "loans" USING btree ("lock_date","id") WHERE "loans"."device_status" = 'waiting';--> statement-breakpoint
CREATE INDEX "loans_device_alert_idx" ON "loans" USING btree ("device_alert_at","id") WHERE "loans"."device_alert" is not null;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_device_lock_state_check" CHECK ("loans"."device_lock_state" in ('lock_requested', 'locked', 'unlock_requested', 'unlocked', 'release_requested', 'released'));--> statement-breakpoint
INSERT INTO "lender_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
