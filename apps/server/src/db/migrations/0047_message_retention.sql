-- Messages over years: how long each plan keeps a message's content, and how far each account's
-- redaction has gone. Past its plan's retention a message keeps its row (recipient, states, times,
-- cost: reports and the dashboard's rollups stay whole) but loses its text: body, subject and the
-- rendered parts of its payload. `messages_redacted_before` is the account's watermark, so a run
-- only reads the days it has not done yet (an index range, never a scan of older partitions).
ALTER TABLE "plans" ADD COLUMN "message_retention_months" integer NOT NULL DEFAULT 12
  CHECK ("message_retention_months" BETWEEN 1 AND 120);--> statement-breakpoint
UPDATE "plans" SET "message_retention_months" = CASE "key"
  WHEN 'free_trial' THEN 3 WHEN 'free' THEN 3 WHEN 'starter' THEN 12 WHEN 'growth' THEN 24 WHEN 'enterprise' THEN 60 ELSE 12 END;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "messages_redacted_before" timestamp with time zone;
