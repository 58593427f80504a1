-- Payments and dues: an invoice split into instalments (dues, each with its own due date), payments
-- allocated to them oldest first, reminders before and on a due date, and an account whose debt
-- stays overdue past the grace suspended for billing (its sending refused, reading allowed) until
-- it is paid. A billing suspension is not an operator's suspension (accounts.status): its users
-- still sign in, see what is owed and pay.
ALTER TABLE "accounts" ADD COLUMN "billing_suspended_at" timestamp with time zone;--> statement-breakpoint
-- the earliest unpaid due of an invoice split into instalments (OVERDUE follows it); null: the invoice's own due_at
ALTER TABLE "invoices" ADD COLUMN "next_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_idx" ON "invoices" ("account_id", (COALESCE("next_due_at", "due_at")))
  WHERE "kind" = 'invoice' AND "status" IN ('NOT_PAID', 'PARTIALLY_PAID');--> statement-breakpoint
CREATE TABLE "invoice_dues" (
  "id" serial,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "invoice_id" integer NOT NULL,
  "seq" integer NOT NULL CHECK ("seq" > 0),
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "amount_paid" bigint NOT NULL DEFAULT 0,
  "currency" text NOT NULL DEFAULT 'SAR',
  "due_at" timestamp with time zone NOT NULL,
  "paid_at" timestamp with time zone,
  "reminded_before_at" timestamp with time zone,
  "reminded_on_at" timestamp with time zone,
  "overdue_notified_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "invoice_dues_pkey" PRIMARY KEY ("id", "account_id"),
  CONSTRAINT "invoice_dues_invoice_fk" FOREIGN KEY ("invoice_id", "account_id") REFERENCES "invoices"("id", "account_id") ON DELETE CASCADE,
  CONSTRAINT "invoice_dues_paid_check" CHECK ("amount_paid" >= 0 AND "amount_paid" <= "amount")
);--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_dues_seq_uq" ON "invoice_dues" ("account_id", "invoice_id", "seq");--> statement-breakpoint
CREATE INDEX "invoice_dues_unpaid_idx" ON "invoice_dues" ("due_at", "account_id") WHERE "amount_paid" < "amount";--> statement-breakpoint
-- reminders of an invoice without instalments are kept on the invoice itself
ALTER TABLE "invoices" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminded_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "due_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_due_fk" FOREIGN KEY ("due_id", "account_id") REFERENCES "invoice_dues"("id", "account_id");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" ("account_id", "paid_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "accounts_billing_suspended_idx" ON "accounts" ("id") WHERE "billing_suspended_at" IS NOT NULL;
