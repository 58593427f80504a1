-- Trial message credits for accounts created before credits existed (new accounts get them at creation).
INSERT INTO "credits" ("account_id", "channel", "balance")
SELECT a."id", c."channel", c."amount"
  FROM "accounts" a
 CROSS JOIN (VALUES ('sms', 1000), ('email', 10000), ('whatsapp', 1000)) AS c("channel", "amount")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "credit_ledger" ("account_id", "channel", "delta", "reason")
SELECT c."account_id", c."channel", c."balance", 'trial_grant'
  FROM "credits" c
 WHERE NOT EXISTS (SELECT 1 FROM "credit_ledger" l WHERE l."account_id" = c."account_id" AND l."channel" = c."channel");
