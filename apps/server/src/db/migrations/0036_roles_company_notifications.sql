-- Roles, company profile and notification settings (issue 27, T2). The company profile is the
-- catalogue's "customer": accounts.name is its customer_name; the short name and up to three
-- contact persons ({name, email, phone}) are new. Notification settings are per user and per
-- type; a missing row means the type's default (notifications/settings.ts).
ALTER TABLE "accounts" ADD COLUMN "customer_short_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "contact_persons" jsonb NOT NULL DEFAULT '[]'::jsonb;--> statement-breakpoint
CREATE TABLE "notification_settings" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL,
  "type" text NOT NULL,
  "bell" boolean NOT NULL,
  "email" boolean NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("account_id", "user_id", "type"),
  CONSTRAINT "notification_settings_user_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users"("id", "account_id") ON DELETE CASCADE
);
--> statement-breakpoint
-- A notification is kept for the bell when its type is on there (shown) and mailed when its type is
-- on by email: email_status 'pending' until the worker's notification mailer sends it ('sent').
ALTER TABLE "notifications" ADD COLUMN "shown" boolean NOT NULL DEFAULT true;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_status" text NOT NULL DEFAULT 'none';--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" ("id") WHERE "email_status" = 'pending';
