-- SendGrid retries and replays deliver the same event (same sg_event_id) again: keep one per account.
ALTER TABLE "email_events" ADD COLUMN "sg_event_id" text;
--> statement-breakpoint
UPDATE "email_events" SET "sg_event_id" = left("raw"->>'sg_event_id', 200) WHERE jsonb_typeof("raw"->'sg_event_id') = 'string';
--> statement-breakpoint
DELETE FROM "email_events" e USING "email_events" d
 WHERE e."account_id" = d."account_id" AND e."sg_event_id" = d."sg_event_id" AND e."id" > d."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "email_events_account_sg_event_uq" ON "email_events" USING btree ("account_id", "sg_event_id") WHERE "email_events"."sg_event_id" is not null;
