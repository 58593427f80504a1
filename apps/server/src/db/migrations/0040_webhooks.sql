-- Webhooks out (issue 28 item 3): an account's endpoints and the deliveries made to them.
-- The secret is sealed with lib/crypto.ts (AES-256-GCM under the app's key); it is shown once.
CREATE TABLE "webhook_endpoints" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "id" serial NOT NULL,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "events" text[] NOT NULL,
  "enabled" boolean NOT NULL DEFAULT true,
  "secret_sealed" text NOT NULL,
  "secret_hint" text NOT NULL,
  "created_by" integer,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("account_id", "id")
);--> statement-breakpoint
-- what emission reads (cached per process for a few seconds): the enabled endpoints of an account
CREATE INDEX "webhook_endpoints_enabled_idx" ON "webhook_endpoints" ("account_id") WHERE "enabled";--> statement-breakpoint
-- One delivery per event and endpoint. `ordering_key` (a message id for message events): a delivery
-- waits while an earlier one (lower id) of the same endpoint and key is neither delivered nor failed.
-- `attempts_log` keeps the last attempts ({at, status_code, error, duration_ms}), newest first.
CREATE TABLE "webhook_deliveries" (
  "account_id" integer NOT NULL,
  "id" bigserial NOT NULL,
  "endpoint_id" integer NOT NULL,
  "public_id" uuid NOT NULL DEFAULT gen_random_uuid(),
  "event" text NOT NULL,
  "payload" jsonb NOT NULL,
  "ordering_key" text,
  "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sending', 'delivered', 'failed')),
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
  -- set by a re-send (a new window); otherwise the window runs from created_at (config: WEBHOOK_RETRY_HOURS)
  "deadline_at" timestamptz,
  "last_status_code" integer,
  "last_error" text,
  "attempts_log" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("account_id", "id"),
  FOREIGN KEY ("account_id", "endpoint_id") REFERENCES "webhook_endpoints"("account_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_public_uq" ON "webhook_deliveries" ("account_id", "public_id");--> statement-breakpoint
-- the screen's list (newest first) and the endpoint's history
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("account_id", "endpoint_id", "id" DESC);--> statement-breakpoint
-- the sender's work: open deliveries of an endpoint, by key, oldest first
CREATE INDEX "webhook_deliveries_open_idx" ON "webhook_deliveries" ("endpoint_id", "ordering_key", "id")
  WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
-- Every statement that makes deliveries queues the sender's job of each endpoint concerned, in the
-- same transaction (the event's producer needs no queue handle: the message states' hot statements
-- run on a bare pool). The job key is the endpoint's: one job waits per endpoint, moved to now.
-- Before graphile-worker's schema exists (a fresh database, before any worker ran) nothing is
-- queued here: the worker's minute sweep (webhooks_sweep) finds due deliveries all the same.
CREATE FUNCTION "webhook_deliveries_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF to_regnamespace('graphile_worker') IS NULL THEN
    RETURN NULL;
  END IF;
  FOR r IN SELECT DISTINCT account_id, endpoint_id FROM new_rows LOOP
    PERFORM graphile_worker.add_job('webhooks_deliver',
                                    json_build_object('account_id', r.account_id, 'endpoint_id', r.endpoint_id),
                                    job_key => 'webhook:' || r.endpoint_id, max_attempts => 5);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "webhook_deliveries_queue" AFTER INSERT ON "webhook_deliveries"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "webhook_deliveries_queue"();
