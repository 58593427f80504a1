-- The audit log names any actor (a user, a platform operator, an API key, the product) and the
-- target of the action, and is filtered by action: the team, roles, admin and integration areas
-- all write to it in the transaction of the change they record.
ALTER TABLE "audit_log" ADD COLUMN "actor_type" text NOT NULL DEFAULT 'user';--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_label" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_label" text;--> statement-breakpoint
UPDATE "audit_log" SET "actor_id" = "user_id" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_account_action_idx" ON "audit_log" ("account_id", "action", "created_at");
