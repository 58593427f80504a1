CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"campaign_id" integer,
	"batch_id" text NOT NULL,
	"variant" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"message_cost" numeric(14, 5) DEFAULT '0' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"request_priority" integer DEFAULT 5 NOT NULL,
	"request_type" text DEFAULT 'campaign' NOT NULL,
	"request_source" text DEFAULT 'portal' NOT NULL,
	"approval_status" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"gateway_status" text,
	"gateway_reviewer" integer,
	"rejection_reason" text,
	"rejected_date" timestamp with time zone,
	"processing_status" text,
	"requires_gateway_review" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"canceled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer,
	"name" text NOT NULL,
	"brand_id" integer,
	"objective" text,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"senders" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ab_test" jsonb,
	"ai_plan_id" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"schedule_at" timestamp with time zone,
	"launched_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"targeted" integer DEFAULT 0 NOT NULL,
	"estimated_cost" numeric(14, 5) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_gateway_reviewer_users_id_fk" FOREIGN KEY ("gateway_reviewer") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batches_batch_id_uq" ON "batches" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "batches_account_created_idx" ON "batches" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "batches_campaign_idx" ON "batches" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "batches_approval_idx" ON "batches" USING btree ("account_id","approval_status");--> statement-breakpoint
CREATE INDEX "batches_scheduled_idx" ON "batches" USING btree ("scheduled_at") WHERE "batches"."processing_status" is null and "batches"."canceled_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_account_created_idx" ON "campaigns" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_account_status_idx" ON "campaigns" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_brand_idx" ON "campaigns" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_account_name_uq" ON "campaigns" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "messages_campaign_idx" ON "messages" USING btree ("campaign_id","status") WHERE "messages"."campaign_id" is not null;