CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel" text NOT NULL,
	"delta" bigint NOT NULL,
	"reason" text NOT NULL,
	"bulk_id" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"account_id" integer NOT NULL,
	"channel" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"consumed" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credits_account_id_channel_pk" PRIMARY KEY("account_id","channel")
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"connection_id" integer,
	"whatsapp_sender_id" integer,
	"provider_message_id" text,
	"action" text,
	"blocked_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"event" text NOT NULL,
	"detail" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"stage" text DEFAULT 'route' NOT NULL,
	"bulk_id" text NOT NULL,
	"batch_id" integer,
	"campaign_id" integer,
	"customer_id" integer,
	"recipient" text NOT NULL,
	"sender" text,
	"sms_sender_id" integer,
	"email_sender_id" integer,
	"whatsapp_sender_id" integer,
	"template_id" integer,
	"whatsapp_template_id" integer,
	"subject" text,
	"body" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"encoding" text,
	"parts" smallint DEFAULT 1 NOT NULL,
	"parts_sent" smallint DEFAULT 0 NOT NULL,
	"parts_delivered" smallint DEFAULT 0 NOT NULL,
	"parts_failed" smallint DEFAULT 0 NOT NULL,
	"router_id" integer,
	"connection_id" integer,
	"route_connection_ids" integer[],
	"attempt" smallint DEFAULT 0 NOT NULL,
	"retries" smallint DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"cost" numeric(12, 5) DEFAULT '0' NOT NULL,
	"provider_message_id" text,
	"error_code" text,
	"error_message" text,
	"blocked_by" text,
	"possible_duplicate" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "messages_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "sms_part_keys" (
	"connection_id" integer NOT NULL,
	"key" text NOT NULL,
	"message_id" bigint NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"part" smallint NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_account_received_idx" ON "inbound_messages" USING btree ("account_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_window_idx" ON "inbound_messages" USING btree ("account_id","channel","from_address","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_provider_idx" ON "inbound_messages" USING btree ("provider_message_id") WHERE "inbound_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "message_events_message_idx" ON "message_events" USING btree ("message_id","at");--> statement-breakpoint
CREATE INDEX "messages_account_created_idx" ON "messages" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_account_status_idx" ON "messages" USING btree ("account_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_account_recipient_idx" ON "messages" USING btree ("account_id","recipient");--> statement-breakpoint
CREATE INDEX "messages_bulk_idx" ON "messages" USING btree ("bulk_id");--> statement-breakpoint
CREATE INDEX "messages_batch_idx" ON "messages" USING btree ("batch_id") WHERE "messages"."batch_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_provider_idx" ON "messages" USING btree ("provider_message_id") WHERE "messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_connection_queue_idx" ON "messages" USING btree ("connection_id","id") WHERE "messages"."stage" in ('connection', 'inflight');--> statement-breakpoint
CREATE INDEX "messages_scheduled_idx" ON "messages" USING btree ("scheduled_at") WHERE "messages"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "sms_part_keys_lookup_idx" ON "sms_part_keys" USING btree ("connection_id","key");--> statement-breakpoint
CREATE INDEX "sms_part_keys_created_idx" ON "sms_part_keys" USING btree ("created_at");--> statement-breakpoint
-- Monthly partitions of messages (hand-written: drizzle-kit does not model partitioning). The
-- server calls ensure_message_partitions() on start and daily; DEFAULT catches anything outside.
CREATE OR REPLACE FUNCTION ensure_message_partitions(months_ahead int DEFAULT 2) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', now() - interval '1 month')::date;
  last date := (date_trunc('month', now()) + make_interval(months => months_ahead))::date;
  part text;
BEGIN
  WHILE m <= last LOOP
    part := format('messages_%s', to_char(m, 'YYYY_MM'));
    IF to_regclass(part) IS NULL THEN
      EXECUTE format('CREATE TABLE %I PARTITION OF messages FOR VALUES FROM (%L) TO (%L)',
                     part, m, (m + interval '1 month')::date);
    END IF;
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "messages_default" PARTITION OF "messages" DEFAULT;
--> statement-breakpoint
SELECT ensure_message_partitions();
