-- The platform admin area (issue 27, T4): platform operators are not tenant users — they have no
-- account, sign in by a one-time code mailed to them, and hold their own sessions (a tenant token
-- never opens /api/admin, an operator token never opens a tenant route). An operator can suspend
-- an account: its users are refused with ACCOUNT_SUSPENDED (and the reason) and its sending stops.
ALTER TABLE "accounts" ADD COLUMN "status" text NOT NULL DEFAULT 'ACTIVE';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_check" CHECK ("status" IN ('ACTIVE', 'SUSPENDED'));--> statement-breakpoint
CREATE TABLE "platform_operators" (
  "id" serial PRIMARY KEY,
  "email" text NOT NULL,
  "name" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'ACTIVE' CHECK ("status" IN ('ACTIVE', 'DISABLED')),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_sign_in_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "platform_operators_email_uq" ON "platform_operators" (lower("email"));--> statement-breakpoint
CREATE TABLE "operator_otp_codes" (
  "id" serial PRIMARY KEY,
  "operator_id" integer NOT NULL REFERENCES "platform_operators"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "attempts" integer NOT NULL DEFAULT 0,
  "expires_at" timestamp with time zone NOT NULL,
  "consumed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "operator_otp_codes_operator_idx" ON "operator_otp_codes" ("operator_id", "created_at");--> statement-breakpoint
CREATE TABLE "operator_sessions" (
  "id" text PRIMARY KEY,
  "operator_id" integer NOT NULL REFERENCES "platform_operators"("id") ON DELETE CASCADE,
  "ip" text,
  "user_agent" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" ("operator_id");
