CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"connection_name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"desired_state" text DEFAULT 'stopped' NOT NULL,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"host" text,
	"port" integer,
	"system_id" text,
	"password_enc" text,
	"system_type" text,
	"bind_mode" text DEFAULT 'transceiver' NOT NULL,
	"source_ton" integer DEFAULT 5 NOT NULL,
	"source_npi" integer DEFAULT 0 NOT NULL,
	"dest_ton" integer DEFAULT 1 NOT NULL,
	"dest_npi" integer DEFAULT 1 NOT NULL,
	"address_range" text,
	"bind_timeout_s" integer DEFAULT 30 NOT NULL,
	"response_timeout_s" integer DEFAULT 30 NOT NULL,
	"reconnect_delay_s" integer DEFAULT 10 NOT NULL,
	"retry_count" integer DEFAULT 3 NOT NULL,
	"enquire_link_interval_s" integer DEFAULT 30 NOT NULL,
	"window_size" integer DEFAULT 10 NOT NULL,
	"message_per_second" integer DEFAULT 100 NOT NULL,
	"arabic_sms_length" integer DEFAULT 70 NOT NULL,
	"english_sms_length" integer DEFAULT 160 NOT NULL,
	"sender_id" text,
	"post_url" text,
	"listen_url" text,
	"http_username" text,
	"http_password_enc" text,
	"proxy_host" text,
	"proxy_port" integer,
	"proxy_username" text,
	"proxy_password_enc" text,
	"last_error" text,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text NOT NULL,
	"reply_to" text,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_user" text,
	"smtp_password_enc" text,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"sendgrid_api_key_enc" text,
	"sendgrid_webhook_key" text,
	"tier" text DEFAULT 'standard' NOT NULL,
	"daily_limit" integer,
	"status" text DEFAULT 'PENDING_VERIFICATION' NOT NULL,
	"verify_token_hash" text,
	"verified_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"plugin_name" text NOT NULL,
	"plugin_type" text NOT NULL,
	"description" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'INSTALLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"router_name" text NOT NULL,
	"router_type" text NOT NULL,
	"order" integer NOT NULL,
	"rate" numeric(12, 5) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"connection_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"rule_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"plugin_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"filter_type" text NOT NULL,
	"value" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sender_id" text NOT NULL,
	"sender_type" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'WAITING_FOR_APPROVAL' NOT NULL,
	"rejection_reason" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"requested_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"access_token_enc" text,
	"app_secret_enc" text,
	"is_sandbox" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'PENDING_SETUP' NOT NULL,
	"setup_completed_at" timestamp with time zone,
	"auto_reply" jsonb DEFAULT '{"enabled":false,"rules":[],"away":{"enabled":false,"text":""}}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_senders" ADD CONSTRAINT "email_senders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routers" ADD CONSTRAINT "routers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_senders" ADD CONSTRAINT "whatsapp_senders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_account_name_uq" ON "connections" USING btree ("account_id",lower("connection_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_senders_account_from_uq" ON "email_senders" USING btree ("account_id",lower("from_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "plugins_account_name_uq" ON "plugins" USING btree ("account_id",lower("plugin_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "routers_account_name_uq" ON "routers" USING btree ("account_id",lower("router_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "routers_account_order_uq" ON "routers" USING btree ("account_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "rules_account_name_uq" ON "rules" USING btree ("account_id",lower("rule_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sms_senders_account_sender_uq" ON "sms_senders" USING btree ("account_id",lower("sender_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_senders_account_phone_uq" ON "whatsapp_senders" USING btree ("account_id","phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_senders_phone_id_idx" ON "whatsapp_senders" USING btree ("phone_number_id");