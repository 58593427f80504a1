-- An event without SendGrid's sg_event_id was stored again on every replay. Every event now has a
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
