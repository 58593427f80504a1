-- API keys (issue 28, item 1): an account's machines authenticate on /api/v1 with a public
-- client_id and a password shown once, stored as its SHA-256 (a 256-bit random secret needs no
-- slow hash). A rotation keeps the previous hash valid until previous_expires_at.
CREATE TABLE "api_keys" (
  "id" serial NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "integration_type" text NOT NULL CHECK ("integration_type" IN ('rest', 'smpp', 'webhook')),
  "client_id" text NOT NULL,
  "secret_hash" bytea NOT NULL,
  "previous_secret_hash" bytea,
  "previous_expires_at" timestamp with time zone,
  "scopes" text[] NOT NULL,
  "ip_allow_list" text[] NOT NULL DEFAULT '{}',
  "rate_per_second" integer NOT NULL DEFAULT 50,
  "expires_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "last_used_ip" text,
  "revoked_at" timestamp with time zone,
  "created_by" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "rotated_at" timestamp with time zone,
  CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id", "account_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_client_id_uq" ON "api_keys" ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_active_name_uq" ON "api_keys" ("account_id", lower("name")) WHERE "revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" ("account_id", "created_at" DESC);--> statement-breakpoint
-- Idempotency of the public API's sends: one row per (account, Idempotency-Key) for 24 hours. The
-- first request inserts the claim (response null), sends, then stores its answer; a duplicate
-- finds the row and replays the answer (or waits for it), a different body gets 422.
CREATE TABLE "api_idempotency" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "idempotency_key" text NOT NULL,
  "operation" text NOT NULL,
  "request_hash" text NOT NULL,
  "status_code" integer,
  "response" jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "api_idempotency_pkey" PRIMARY KEY ("account_id", "idempotency_key")
);--> statement-breakpoint
CREATE INDEX "api_idempotency_created_idx" ON "api_idempotency" ("created_at");--> statement-breakpoint
-- The caller's own reference of a public API send: found again by GET /api/v1/messages/by-reference.
CREATE TABLE "api_message_refs" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "reference" text NOT NULL,
  "bulk_id" text NOT NULL,
  "channel" text NOT NULL,
  "key_id" integer,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "api_message_refs_pkey" PRIMARY KEY ("account_id", "reference")
);
