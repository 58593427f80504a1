-- AI campaign plans (issue 18): the inputs, the computed plan (segments with live counts, channels,
-- send times, variants, A/B, the launcher's estimate, expected ranges), its text and its lifecycle
-- DRAFT → PENDING_APPROVAL → APPROVED | REJECTED → APPLIED, with who decided and the drafts it became.
CREATE TABLE "ai_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"brand_id" integer REFERENCES "brands"("id") ON DELETE set null,
	"campaign_id" integer REFERENCES "campaigns"("id") ON DELETE set null,
	"name" text NOT NULL,
	"objective" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL CHECK ("status" in ('DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'APPLIED')),
	"input" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"narrative" text DEFAULT '' NOT NULL,
	"narrative_language" text DEFAULT 'en' NOT NULL,
	"engine" text DEFAULT 'builtin' NOT NULL,
	"model" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"submitted_by" integer REFERENCES "users"("id") ON DELETE set null,
	"submitted_at" timestamp with time zone,
	"decided_by" integer REFERENCES "users"("id") ON DELETE set null,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"applied_by" integer REFERENCES "users"("id") ON DELETE set null,
	"applied_at" timestamp with time zone,
	"applied_campaign_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_plans_account_status_idx" ON "ai_plans" USING btree ("account_id", "status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "ai_plans_account_created_idx" ON "ai_plans" USING btree ("account_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "ai_plans_campaign_idx" ON "ai_plans" USING btree ("campaign_id") WHERE "campaign_id" is not null;
