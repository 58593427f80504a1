CREATE TABLE "sms_queue" (
	"connection_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"inflight" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sms_queue_connection_id_message_id_pk" PRIMARY KEY("connection_id","message_id")
);
--> statement-breakpoint
DROP INDEX "messages_account_status_idx";--> statement-breakpoint
DROP INDEX "messages_connection_queue_idx";--> statement-breakpoint
DROP INDEX "messages_scheduled_idx";--> statement-breakpoint
DROP INDEX "messages_batch_idx";--> statement-breakpoint
DROP INDEX "messages_campaign_idx";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "open_from_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "smsc_message_id" text;--> statement-breakpoint
CREATE INDEX "messages_batch_idx" ON "messages" USING btree ("batch_id","id") WHERE "messages"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_campaign_idx" ON "messages" USING btree ("campaign_id") WHERE "messages"."campaign_id" is not null;--> statement-breakpoint
-- Hand-written (docs/decisions.md "SMS pipeline throughput"): SMS already waiting move to the new
-- queue table, SMS provider ids move to their display column, and messages get room on each page
-- so their state changes are heap-only (HOT) updates.
INSERT INTO "sms_queue" ("connection_id", "message_id", "message_created_at")
SELECT "connection_id", "id", "created_at" FROM "messages"
 WHERE "channel" = 'sms' AND "stage" IN ('connection', 'inflight') AND "connection_id" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "messages" SET "stage" = 'connection', "possible_duplicate" = true WHERE "channel" = 'sms' AND "stage" = 'inflight';
--> statement-breakpoint
UPDATE "messages" SET "smsc_message_id" = "provider_message_id", "provider_message_id" = NULL
 WHERE "channel" = 'sms' AND "provider_message_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sms_queue" SET (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_message_partitions(months_ahead int DEFAULT 2) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', now() - interval '1 month')::date;
  last date := (date_trunc('month', now()) + make_interval(months => months_ahead))::date;
  part text;
BEGIN
  WHILE m <= last LOOP
    part := format('messages_%s', to_char(m, 'YYYY_MM'));
    IF to_regclass(part) IS NULL THEN
      -- fillfactor: a message is updated four or five times after its insert; the free room keeps
      -- those new row versions on the same page (HOT), so no index is rewritten
      EXECUTE format('CREATE TABLE %I PARTITION OF messages FOR VALUES FROM (%L) TO (%L) WITH (fillfactor = 40)',
                     part, m, (m + interval '1 month')::date);
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
DECLARE p regclass;
BEGIN
  FOR p IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'messages'::regclass LOOP
    EXECUTE format('ALTER TABLE %s SET (fillfactor = 40)', p);
  END LOOP;
END $$;
