-- Credits: a direct send takes its credits as a hold (ledger reason 'hold') in its own short
-- statement and settles it ('send') in its transaction; the sweep finds unsettled holds by this
-- partial index (small: holds live for the length of one send). The low-credit threshold is per
-- account and channel (null: the product's default) and low_notified keeps the notice to one per
-- crossing (cleared when credits are added back above the threshold).
ALTER TABLE "credits" ADD COLUMN "low_threshold" bigint CHECK ("low_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "low_notified" boolean NOT NULL DEFAULT false;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_ledger_hold_idx" ON "credit_ledger" ("account_id", "bulk_id") WHERE "reason" = 'hold';
