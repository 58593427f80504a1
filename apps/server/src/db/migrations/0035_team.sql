-- The team (issue 27, T1): a user that needs approval has approved_user = false until an owner or
-- admin approves them (campaign deploy holds their batches for approval until then); invitations
-- are mailed as a signed, expiring link whose token is stored only as an HMAC.
ALTER TABLE "users" ADD COLUMN "approved_user" boolean NOT NULL DEFAULT true;--> statement-breakpoint
CREATE TABLE "invitations" (
  "id" serial NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "role_id" integer NOT NULL,
  "first_name" text NOT NULL DEFAULT '',
  "last_name" text NOT NULL DEFAULT '',
  "language" text NOT NULL DEFAULT 'en',
  "needs_approval" boolean NOT NULL DEFAULT false,
  "token_hash" text NOT NULL,
  "invited_by" integer,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "invitations_pkey" PRIMARY KEY ("id", "account_id"),
  CONSTRAINT "invitations_role_fk" FOREIGN KEY ("role_id", "account_id") REFERENCES "roles"("id", "account_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_uq" ON "invitations" ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_email_uq" ON "invitations" ("account_id", lower("email"))
  WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invitations_account_idx" ON "invitations" ("account_id", "created_at");
