CREATE TABLE "sign_in_throttles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_throttles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer NOT NULL,
	"in_flight" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_throttles_key" UNIQUE("scope","ip","email"),
	CONSTRAINT "sign_in_throttles_scope_check" CHECK ("sign_in_throttles"."scope" in ('pair', 'address'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at" DESC NULLS LAST,"id" DESC NULLS LAST);