-- The AI layer (issue 17): conversations per user, their messages, daily usage per account (the
-- daily cap reads it) and the account's AI settings (its own key, encrypted; sharing of contact details).
CREATE TABLE "ai_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"title" text DEFAULT '' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_conversations_user_idx" ON "ai_conversations" USING btree ("account_id", "user_id", "updated_at" DESC);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"conversation_id" uuid NOT NULL REFERENCES "ai_conversations"("id") ON DELETE cascade,
	"role" text NOT NULL CHECK ("role" in ('user', 'assistant')),
	"text" text NOT NULL,
	"engine" text,
	"model" text,
	"language" text,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_messages_conversation_idx" ON "ai_messages" USING btree ("conversation_id", "id");
--> statement-breakpoint
CREATE TABLE "ai_usage_daily" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"feature" text NOT NULL,
	"billing" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("account_id", "day", "feature", "billing")
);
--> statement-breakpoint
CREATE TABLE "ai_account_settings" (
	"account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"engine" text DEFAULT 'auto' NOT NULL CHECK ("engine" in ('auto', 'builtin', 'own')),
	"base_url" text,
	"model" text,
	"api_key_enc" text,
	"share_contact_details" boolean DEFAULT false NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
