CREATE TABLE "backups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"path" text,
	"s3_key" text,
	"size_bytes" bigint,
	"sha256" text,
	"error" text,
	CONSTRAINT "backups_kind_check" CHECK ("backups"."kind" in ('manual', 'nightly')),
	CONSTRAINT "backups_outcome_check" CHECK ("backups"."error" is not null or ("backups"."path" is not null and "backups"."size_bytes" is not null and "backups"."sha256" is not null))
);
--> statement-breakpoint
CREATE INDEX "backups_finished_idx" ON "backups" USING btree ("finished_at");