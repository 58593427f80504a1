-- Billing (issue 29): the plans as data (they were a constant in system.routes.ts, priced in USD),
-- one subscription per account, checkout sessions, payments, invoices numbered without gaps per
-- account, and the payment provider's webhook events (kept once: a replayed event is a no-op).
-- Money is integer halalas (minor units of SAR) with its currency; VAT is in basis points
-- (1500 = 15 %). Rates are halalas per message part by destination class. Plan keys on tenant rows
-- are not foreign keys to `plans` (a global table: tenant-keys.int.test keeps tenant tables' keys
-- within an account); billing reads every key through the catalogue, which refuses an unknown one.
CREATE TABLE "plans" (
  "key" text PRIMARY KEY,
  "name" text NOT NULL,
  "currency" text NOT NULL DEFAULT 'SAR',
  "monthly_price" bigint NOT NULL CHECK ("monthly_price" >= 0),
  "yearly_price" bigint NOT NULL CHECK ("yearly_price" >= 0),
  "vat_bp" integer NOT NULL DEFAULT 1500 CHECK ("vat_bp" BETWEEN 0 AND 10000),
  "included_sms" bigint NOT NULL DEFAULT 0,
  "included_email" bigint NOT NULL DEFAULT 0,
  "included_whatsapp" bigint NOT NULL DEFAULT 0,
  "on_net_rate" bigint NOT NULL DEFAULT 0,
  "off_net_rate" bigint NOT NULL DEFAULT 0,
  "international_rate" bigint NOT NULL DEFAULT 0,
  "email_rate" bigint NOT NULL DEFAULT 0,
  "whatsapp_rate" bigint NOT NULL DEFAULT 0,
  "max_users" integer,
  "max_brands" integer,
  "max_customers" integer,
  "ai_enabled" boolean NOT NULL DEFAULT false,
  "features" jsonb NOT NULL DEFAULT '[]',
  "recommended" boolean NOT NULL DEFAULT false,
  "public" boolean NOT NULL DEFAULT true,
  "sort_order" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
INSERT INTO "plans" ("key", "name", "monthly_price", "yearly_price", "included_sms", "included_email", "included_whatsapp",
  "on_net_rate", "off_net_rate", "international_rate", "email_rate", "whatsapp_rate",
  "max_users", "max_brands", "max_customers", "ai_enabled", "features", "recommended", "public", "sort_order") VALUES
  ('free_trial', 'Free trial', 0, 0, 1000, 10000, 1000, 8, 10, 30, 1, 20, 3, NULL, NULL, true, '[]', false, false, 0),
  ('free', 'Free', 0, 0, 0, 0, 0, 8, 10, 30, 1, 20, 3, NULL, NULL, false, '[]', false, false, 1),
  ('starter', 'Starter', 18500, 185000, 2000, 20000, 1000, 8, 10, 30, 1, 20, 3, 2, 5000, false,
   '["plans.features.users3","plans.features.contacts5k","plans.features.channelsAll","plans.features.emailSupport"]', false, true, 10),
  ('growth', 'Growth', 55900, 559000, 10000, 100000, 5000, 7, 9, 28, 1, 18, 10, 10, 50000, true,
   '["plans.features.users10","plans.features.contacts50k","plans.features.channelsAll","plans.features.aiPlanning","plans.features.approvals"]', true, true, 20),
  ('enterprise', 'Enterprise', 186900, 1869000, 50000, 500000, 25000, 6, 8, 25, 1, 15, NULL, NULL, NULL, true,
   '["plans.features.usersUnlimited","plans.features.contactsUnlimited","plans.features.channelsAll","plans.features.aiPlanning","plans.features.approvals","plans.features.dedicatedSupport"]', false, true, 30);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
  "id" serial,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "plan_key" text NOT NULL,
  "interval" text NOT NULL DEFAULT 'month' CHECK ("interval" IN ('month', 'year')),
  "status" text NOT NULL CHECK ("status" IN ('TRIAL', 'ACTIVE', 'CANCELED', 'EXPIRED', 'SUSPENDED')),
  "price" bigint NOT NULL DEFAULT 0,
  "currency" text NOT NULL DEFAULT 'SAR',
  "discount_bp" integer NOT NULL DEFAULT 0 CHECK ("discount_bp" BETWEEN 0 AND 10000),
  "start_date" timestamp with time zone NOT NULL DEFAULT now(),
  "end_date" timestamp with time zone,
  "cancel_at_period_end" boolean NOT NULL DEFAULT false,
  "next_plan_key" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id", "account_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_current_uq" ON "subscriptions" ("account_id") WHERE "status" IN ('TRIAL', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" ("end_date") WHERE "status" = 'ACTIVE';--> statement-breakpoint
-- every existing account gets its current subscription from accounts.plan
INSERT INTO "subscriptions" ("account_id", "plan_key", "status", "start_date", "end_date", "price")
SELECT a."id", CASE WHEN a."plan" IN (SELECT "key" FROM "plans") THEN a."plan" ELSE 'free' END,
       CASE WHEN a."plan" IN ('free_trial', 'free') OR a."plan" NOT IN (SELECT "key" FROM "plans") THEN 'TRIAL' ELSE 'ACTIVE' END,
       a."created_at",
       CASE WHEN a."plan" IN ('starter', 'growth', 'enterprise') THEN now() + interval '1 month' ELSE NULL END,
       COALESCE((SELECT p."monthly_price" FROM "plans" p WHERE p."key" = a."plan"), 0)
  FROM "accounts" a;
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
  "id" text NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer,
  "provider" text NOT NULL,
  "kind" text NOT NULL DEFAULT 'plan' CHECK ("kind" IN ('plan', 'top_up')),
  "plan_key" text,
  "interval" text NOT NULL DEFAULT 'month',
  "amount" bigint NOT NULL,
  "vat_amount" bigint NOT NULL,
  "currency" text NOT NULL DEFAULT 'SAR',
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'complete', 'expired', 'failed')),
  "url" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "completed_at" timestamp with time zone,
  CONSTRAINT "checkout_sessions_pkey" PRIMARY KEY ("id", "account_id")
);--> statement-breakpoint
CREATE TABLE "invoice_counters" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "last_number" integer NOT NULL DEFAULT 0,
  CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("account_id")
);--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" serial,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "number" integer NOT NULL,
  "kind" text NOT NULL DEFAULT 'invoice' CHECK ("kind" IN ('invoice', 'credit_note')),
  "reverses_id" integer,
  "status" text NOT NULL CHECK ("status" IN ('PAID', 'PARTIALLY_PAID', 'NOT_PAID', 'POST_PAID', 'REVERSED')),
  "currency" text NOT NULL DEFAULT 'SAR',
  "vat_bp" integer NOT NULL,
  "total_before_discount" bigint NOT NULL,
  "discount_bp" integer NOT NULL DEFAULT 0,
  "discount_amount" bigint NOT NULL DEFAULT 0,
  "total_after_discount" bigint NOT NULL,
  "vat_amount" bigint NOT NULL,
  "total_with_vat" bigint NOT NULL,
  "amount_paid" bigint NOT NULL DEFAULT 0,
  "lines" jsonb NOT NULL,
  "seller" jsonb NOT NULL,
  "buyer" jsonb NOT NULL,
  "issued_at" timestamp with time zone NOT NULL DEFAULT now(),
  "due_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "invoices_pkey" PRIMARY KEY ("id", "account_id"),
  CONSTRAINT "invoices_reverses_fk" FOREIGN KEY ("reverses_id", "account_id") REFERENCES "invoices"("id", "account_id"),
  CONSTRAINT "invoices_paid_check" CHECK ("amount_paid" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" ("account_id", "number");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" ("account_id", "issued_at" DESC);--> statement-breakpoint
CREATE TABLE "payments" (
  "id" serial,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "invoice_id" integer,
  "method" text NOT NULL CHECK ("method" IN ('visa', 'cash', 'bank_transfer')),
  "provider" text NOT NULL,
  "provider_ref" text NOT NULL,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "currency" text NOT NULL DEFAULT 'SAR',
  "recorded_by_operator" integer,
  "note" text,
  "paid_at" timestamp with time zone NOT NULL DEFAULT now(),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "payments_pkey" PRIMARY KEY ("id", "account_id"),
  CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("invoice_id", "account_id") REFERENCES "invoices"("id", "account_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" ("account_id", "provider", "provider_ref");--> statement-breakpoint
-- The provider's webhook events, kept by the provider's own event id: the first delivery is applied
-- in the transaction that inserts its row, a replay finds the row and changes nothing.
CREATE TABLE "payment_events" (
  "provider" text NOT NULL,
  "event_id" text NOT NULL,
  "type" text NOT NULL,
  "payload" jsonb NOT NULL,
  "received_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "payment_events_pkey" PRIMARY KEY ("provider", "event_id")
);
