-- Receipts match whichever session of the same SMSC login they arrive on (issue 14 item 2): the
-- login a connection binds with, as one comparable value. Every sandbox connection binds to the
-- same simulator login; an HTTP gateway's receipts come back to its own connection only.
ALTER TABLE "connections" ADD COLUMN "smsc_login" text GENERATED ALWAYS AS (
  CASE
    WHEN "is_sandbox" THEN 'sandbox'
    WHEN "type" = 'smpp' THEN 'smpp:' || lower(coalesce("host", '')) || ':' || coalesce("port"::text, '') || ':' || coalesce("system_id", '')
    ELSE 'connection:' || "id"::text
  END
) STORED;--> statement-breakpoint
CREATE INDEX "connections_smsc_login_idx" ON "connections" USING btree ("smsc_login");--> statement-breakpoint
-- receipts are looked up by their id first, then by the login of the connection that sent it
DROP INDEX "sms_part_keys_lookup_idx";--> statement-breakpoint
CREATE INDEX "sms_part_keys_lookup_idx" ON "sms_part_keys" USING btree ("key", "connection_id");--> statement-breakpoint
-- A receipt that matched no sent part (its submit_sm_resp not recorded yet, or a crash in
-- between) is kept here, the SMSC is answered, and it is applied once its key appears.
CREATE TABLE "sms_pending_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"keys" text[] NOT NULL,
	"receipt" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "sms_pending_receipts_received_idx" ON "sms_pending_receipts" USING btree ("received_at");
