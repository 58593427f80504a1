-- Briefs (issue 18, POST /api/ai/upload): the text of an uploaded PDF, DOCX or text file that grounds
-- content generation for a brand. The file itself is not kept; its text is (up to 20,000 characters).
CREATE TABLE "ai_briefs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"brand_id" integer REFERENCES "brands"("id") ON DELETE cascade,
	"filename" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" in ('pdf', 'docx', 'text')),
	"text" text NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_briefs_account_idx" ON "ai_briefs" USING btree ("account_id", "brand_id", "created_at" DESC);
