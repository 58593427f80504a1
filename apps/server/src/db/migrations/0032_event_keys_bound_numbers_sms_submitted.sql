-- SendGrid: an event without an sg_event_id was stored again on every replay. Every event now has a
-- key, unique per account: its sg_event_id, else a hash of the event (the server hashes a canonical
-- JSON of it; rows stored before this migration are keyed by PostgreSQL's own jsonb text).
ALTER TABLE "email_events" ADD COLUMN "event_key" text;
--> statement-breakpoint
UPDATE "email_events" SET "event_key" = coalesce("sg_event_id", 'sha256:' || encode(sha256(convert_to("raw"::text, 'UTF8')), 'hex'));
--> statement-breakpoint
DELETE FROM "email_events" e USING "email_events" d
 WHERE e."account_id" = d."account_id" AND e."event_key" = d."event_key" AND e."id" > d."id";
--> statement-breakpoint
ALTER TABLE "email_events" ALTER COLUMN "event_key" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_account_event_key_uq" ON "email_events" USING btree ("account_id", "event_key");
--> statement-breakpoint
DROP INDEX "email_events_account_sg_event_uq";
--> statement-breakpoint
-- A WhatsApp phone number id was unique across all accounts from the moment it was typed in: one
-- account could take another's number first, and learn from the refusal that it was in use. Now an
-- account may hold any id; it is bound (unique across accounts) once the Cloud API has confirmed
-- that the account's token reaches it (complete-setup sets setup_completed_at).
DROP INDEX "whatsapp_senders_phone_id_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_senders_account_phone_id_uq" ON "whatsapp_senders" USING btree ("account_id", "phone_number_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_senders_bound_phone_id_uq" ON "whatsapp_senders" USING btree ("phone_number_id") WHERE "setup_completed_at" IS NOT NULL;
--> statement-breakpoint
-- After a crash every claimed SMS was flagged possible_duplicate, also the ones a sender held in
-- its buffer and never submitted. A sender now records the rows it is about to submit; recovery
-- flags those only. Rows in flight now (from a version that did not record it) count as submitted.
ALTER TABLE "sms_queue" ADD COLUMN "submitted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "sms_queue" SET "submitted" = true WHERE "inflight";
