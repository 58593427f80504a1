-- Briefs (issue 18, POST /api/ai/upload): the text of an uploaded PDF, DOCX or text file that grounds
-- content generation for a brand. The file itself is not kept; its text is (up to 20,000 characters).
CREATE TABLE "ai_briefs" (
	"id" serial NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"brand_id" integer,
	"filename" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" in ('pdf', 'docx', 'text')),
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_briefs_pkey" PRIMARY KEY ("id", "account_id"),
	CONSTRAINT "ai_briefs_brand_id_fkey" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE CASCADE,
	CONSTRAINT "ai_briefs_created_by_fkey" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")
);
--> statement-breakpoint
CREATE INDEX "ai_briefs_account_idx" ON "ai_briefs" USING btree ("account_id", "brand_id", "created_at" DESC);
