-- AI campaign plans (issue 18): the inputs, the computed plan (segments with live counts, channels,
-- send times, variants, A/B, the launcher's estimate, expected ranges), its text and its lifecycle
-- DRAFT → PENDING_APPROVAL → APPROVED | REJECTED → APPLIED, with who decided and the drafts it became.
-- Keys include account_id like every tenant table since 0029 (composite references: a plan can
-- never point at another account's brand, campaign or user).
CREATE TABLE "ai_plans" (
	"id" serial NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"brand_id" integer,
	"campaign_id" integer,
	"name" text NOT NULL,
	"objective" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL CHECK ("status" in ('DRAFT', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'APPLIED')),
	"input" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"narrative" text DEFAULT '' NOT NULL,
	"narrative_language" text DEFAULT 'en' NOT NULL,
	"engine" text DEFAULT 'builtin' NOT NULL,
	"model" text,
	"created_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"applied_by" integer,
	"applied_at" timestamp with time zone,
	"applied_campaign_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_plans_pkey" PRIMARY KEY ("id", "account_id"),
	CONSTRAINT "ai_plans_brand_id_fkey" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE SET NULL ("brand_id"),
	CONSTRAINT "ai_plans_campaign_id_fkey" FOREIGN KEY ("campaign_id", "account_id") REFERENCES "campaigns" ("id", "account_id") ON DELETE SET NULL ("campaign_id"),
	CONSTRAINT "ai_plans_created_by_fkey" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by"),
	CONSTRAINT "ai_plans_submitted_by_fkey" FOREIGN KEY ("submitted_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("submitted_by"),
	CONSTRAINT "ai_plans_decided_by_fkey" FOREIGN KEY ("decided_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("decided_by"),
	CONSTRAINT "ai_plans_applied_by_fkey" FOREIGN KEY ("applied_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("applied_by")
);
--> statement-breakpoint
CREATE INDEX "ai_plans_account_status_idx" ON "ai_plans" USING btree ("account_id", "status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "ai_plans_account_created_idx" ON "ai_plans" USING btree ("account_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "ai_plans_campaign_idx" ON "ai_plans" USING btree ("campaign_id") WHERE "campaign_id" is not null;
