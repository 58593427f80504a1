-- The SMPP server for clients: a submit_sm that asked for a receipt (registered_delivery) is
-- remembered with the key that sent it until its message reaches a final state; then a receipt
-- waits here until a receiver bind of that key acknowledges its deliver_sm. `next_at` is a lease:
-- the session that sends a receipt claims it for a while, so an unanswered one is sent again
-- (and two processes never send the same one at once). Both tables are bounded by a sweep.
CREATE TABLE "smpp_submits" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "message_id" bigint NOT NULL,
  "key_id" integer NOT NULL,
  "receipt" smallint NOT NULL,
  "source_addr" text NOT NULL,
  "dest_addr" text NOT NULL,
  "text_start" text NOT NULL,
  "submitted_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "smpp_submits_pkey" PRIMARY KEY ("account_id", "message_id")
);--> statement-breakpoint
CREATE INDEX "smpp_submits_age_idx" ON "smpp_submits" ("account_id", "submitted_at");--> statement-breakpoint
CREATE TABLE "smpp_receipts" (
  "id" bigint GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "key_id" integer NOT NULL,
  "message_id" bigint NOT NULL,
  "stat" text NOT NULL,
  "err" text NOT NULL DEFAULT '000',
  "delivered" boolean NOT NULL,
  "source_addr" text NOT NULL,
  "dest_addr" text NOT NULL,
  "text_start" text NOT NULL,
  "submitted_at" timestamp with time zone NOT NULL,
  "done_at" timestamp with time zone NOT NULL DEFAULT now(),
  "attempts" integer NOT NULL DEFAULT 0,
  "next_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "smpp_receipts_pkey" PRIMARY KEY ("account_id", "id")
);--> statement-breakpoint
CREATE INDEX "smpp_receipts_due_idx" ON "smpp_receipts" ("account_id", "key_id", "id");--> statement-breakpoint
CREATE INDEX "smpp_receipts_age_idx" ON "smpp_receipts" ("account_id", "done_at");
