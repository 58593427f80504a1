-- The audit log is read (issue 27 T3): newest first, filtered by actor, action or target type, in
-- keyset pages of (created_at, id); one index per filter so each page reads only its rows.
DROP INDEX IF EXISTS "audit_log_account_idx";--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" ("account_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_account_action_idx";--> statement-breakpoint
CREATE INDEX "audit_log_account_action_idx" ON "audit_log" ("account_id", "action", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_account_actor_idx" ON "audit_log" ("account_id", "actor_type", "actor_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_account_target_idx" ON "audit_log" ("account_id", "target_type", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- Sub-accounts: an account may belong to one parent (one level: a sub-account has no children).
ALTER TABLE "accounts" ADD COLUMN "parent_account_id" integer REFERENCES "accounts"("id") ON DELETE RESTRICT;--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" ("parent_account_id") WHERE "parent_account_id" IS NOT NULL;
