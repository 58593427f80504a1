-- Every tenant table's primary key, unique keys and foreign keys between tenant tables include
-- account_id (issue 20, item 4), so the schema can be distributed by account (Citus) without a
-- change, and a row can never point at another account's row. Primary keys keep their leading
-- columns and gain account_id last, so lookups by id alone still use them. Foreign keys become
-- composite (ON DELETE SET NULL names the column it clears: PostgreSQL 15+). batch_chunks gains
-- account_id (its batch's). Exceptions (listed in db/tenant-keys.int.test.ts): accounts itself,
-- tables that are not an account's (processes, rate limits, the sandbox inbox, parked receipts,
-- the SMS connection queue), and three keys unique across accounts by design: a sign-in address,
-- a public short link, a WhatsApp phone number id.
-- Heavy on a large database: every primary key is rebuilt under an exclusive lock. Stop every
-- process of the previous version first (its ON CONFLICT (id) would not match the new key).
ALTER TABLE "batch_chunks" ADD COLUMN "account_id" integer--> statement-breakpoint
UPDATE "batch_chunks" c SET "account_id" = b."account_id" FROM "batches" b WHERE b."id" = c."batch_id"--> statement-breakpoint
DELETE FROM "batch_chunks" WHERE "account_id" IS NULL--> statement-breakpoint
ALTER TABLE "batch_chunks" ALTER COLUMN "account_id" SET NOT NULL--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_id_roles_id_fk"--> statement-breakpoint
ALTER TABLE "blacklist_entries" DROP CONSTRAINT "blacklist_entries_blacklist_id_blacklists_id_fk"--> statement-breakpoint
ALTER TABLE "blacklists" DROP CONSTRAINT "blacklists_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_logo_file_id_files_id_fk"--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_file_id_files_id_fk"--> statement-breakpoint
ALTER TABLE "content_brands" DROP CONSTRAINT "content_brands_brand_id_brands_id_fk"--> statement-breakpoint
ALTER TABLE "content_brands" DROP CONSTRAINT "content_brands_content_id_content_id_fk"--> statement-breakpoint
ALTER TABLE "customer_groups" DROP CONSTRAINT "customer_groups_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_brand_id_brands_id_fk"--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_customer_id_customers_id_fk"--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_id_customer_groups_id_fk"--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_file_id_files_id_fk"--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "template_reviews" DROP CONSTRAINT "template_reviews_actor_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "template_reviews" DROP CONSTRAINT "template_reviews_template_id_templates_id_fk"--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_brand_id_brands_id_fk"--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_reviewed_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_submitted_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" DROP CONSTRAINT "whatsapp_template_submissions_submitted_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" DROP CONSTRAINT "whatsapp_template_submissions_template_id_whatsapp_templates_id"--> statement-breakpoint
ALTER TABLE "whatsapp_templates" DROP CONSTRAINT "whatsapp_templates_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "sms_senders" DROP CONSTRAINT "sms_senders_requested_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "sms_senders" DROP CONSTRAINT "sms_senders_reviewed_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_sender_id_email_senders_id_fk"--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_users_id_fk"--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_approved_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_campaign_id_campaigns_id_fk"--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_canceled_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_gateway_reviewer_users_id_fk"--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_brand_id_brands_id_fk"--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_created_by_users_id_fk"--> statement-breakpoint
ALTER TABLE "batch_chunks" DROP CONSTRAINT "batch_chunks_batch_id_batches_id_fk"--> statement-breakpoint
ALTER TABLE "ai_conversations" DROP CONSTRAINT "ai_conversations_user_id_fkey"--> statement-breakpoint
ALTER TABLE "ai_messages" DROP CONSTRAINT "ai_messages_conversation_id_fkey"--> statement-breakpoint
ALTER TABLE "ai_account_settings" DROP CONSTRAINT "ai_account_settings_updated_by_fkey"--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey"--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_pkey"--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey"--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "otp_codes" DROP CONSTRAINT "otp_codes_pkey"--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey"--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey"--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey"--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey"--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "blacklist_entries" DROP CONSTRAINT "blacklist_entries_pkey"--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "blacklists" DROP CONSTRAINT "blacklists_pkey"--> statement-breakpoint
ALTER TABLE "blacklists" ADD CONSTRAINT "blacklists_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_pkey"--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "content" DROP CONSTRAINT "content_pkey"--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "content_brands" DROP CONSTRAINT "content_brands_content_id_brand_id_pk"--> statement-breakpoint
ALTER TABLE "content_brands" ADD CONSTRAINT "content_brands_pkey" PRIMARY KEY ("content_id", "brand_id", "account_id")--> statement-breakpoint
ALTER TABLE "customer_groups" DROP CONSTRAINT "customer_groups_pkey"--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey"--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_group_id_customer_id_pk"--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_pkey" PRIMARY KEY ("group_id", "customer_id", "account_id")--> statement-breakpoint
ALTER TABLE "import_jobs" DROP CONSTRAINT "import_jobs_pkey"--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "template_reviews" DROP CONSTRAINT "template_reviews_pkey"--> statement-breakpoint
ALTER TABLE "template_reviews" ADD CONSTRAINT "template_reviews_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_pkey"--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" DROP CONSTRAINT "whatsapp_template_submissions_pkey"--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" ADD CONSTRAINT "whatsapp_template_submissions_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "whatsapp_templates" DROP CONSTRAINT "whatsapp_templates_pkey"--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_pkey"--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "email_senders" DROP CONSTRAINT "email_senders_pkey"--> statement-breakpoint
ALTER TABLE "email_senders" ADD CONSTRAINT "email_senders_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "plugins" DROP CONSTRAINT "plugins_pkey"--> statement-breakpoint
ALTER TABLE "plugins" ADD CONSTRAINT "plugins_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "routers" DROP CONSTRAINT "routers_pkey"--> statement-breakpoint
ALTER TABLE "routers" ADD CONSTRAINT "routers_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "rules" DROP CONSTRAINT "rules_pkey"--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "sms_senders" DROP CONSTRAINT "sms_senders_pkey"--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "whatsapp_senders" DROP CONSTRAINT "whatsapp_senders_pkey"--> statement-breakpoint
ALTER TABLE "whatsapp_senders" ADD CONSTRAINT "whatsapp_senders_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "short_links" DROP CONSTRAINT "short_links_pkey"--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "email_events" DROP CONSTRAINT "email_events_pkey"--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_pkey"--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_pkey"--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT "message_events_pkey"--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_id_created_at_pk"--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pkey" PRIMARY KEY ("id", "created_at", "account_id")--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_pkey"--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pkey"--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "batch_chunks" DROP CONSTRAINT "batch_chunks_batch_id_after_id_pk"--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD CONSTRAINT "batch_chunks_pkey" PRIMARY KEY ("batch_id", "after_id", "account_id")--> statement-breakpoint
ALTER TABLE "ai_conversations" DROP CONSTRAINT "ai_conversations_pkey"--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
ALTER TABLE "ai_messages" DROP CONSTRAINT "ai_messages_pkey"--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_pkey" PRIMARY KEY ("id", "account_id")--> statement-breakpoint
-- the live dashboard's events are read by (account_id, id > last): that order serves them and makes its index redundant
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_pkey"--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_pkey" PRIMARY KEY ("account_id", "id")--> statement-breakpoint
DROP INDEX "analytics_events_account_idx"--> statement-breakpoint
DROP INDEX "batches_batch_id_uq"--> statement-breakpoint
CREATE UNIQUE INDEX "batches_batch_id_uq" ON "batches" USING btree ("batch_id", "account_id")--> statement-breakpoint
DROP INDEX "files_key_uq"--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_uq" ON "files" USING btree ("key", "account_id")--> statement-breakpoint
DROP INDEX "blacklist_entries_uq"--> statement-breakpoint
CREATE UNIQUE INDEX "blacklist_entries_uq" ON "blacklist_entries" USING btree ("blacklist_id", "kind", "value", "account_id")--> statement-breakpoint
DROP INDEX "password_resets_token_uq"--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash", "account_id")--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("user_id")--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id", "account_id") REFERENCES "roles" ("id", "account_id")--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_blacklist_id_blacklists_id_fk" FOREIGN KEY ("blacklist_id", "account_id") REFERENCES "blacklists" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "blacklists" ADD CONSTRAINT "blacklists_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id", "account_id") REFERENCES "files" ("id", "account_id") ON DELETE SET NULL ("logo_file_id")--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_file_id_files_id_fk" FOREIGN KEY ("file_id", "account_id") REFERENCES "files" ("id", "account_id") ON DELETE SET NULL ("file_id")--> statement-breakpoint
ALTER TABLE "content_brands" ADD CONSTRAINT "content_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "content_brands" ADD CONSTRAINT "content_brands_content_id_content_id_fk" FOREIGN KEY ("content_id", "account_id") REFERENCES "content" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_brand_id_brands_id_fk" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE SET NULL ("brand_id")--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id", "account_id") REFERENCES "customers" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id", "account_id") REFERENCES "customer_groups" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id", "account_id") REFERENCES "files" ("id", "account_id") ON DELETE SET NULL ("file_id")--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("user_id")--> statement-breakpoint
ALTER TABLE "template_reviews" ADD CONSTRAINT "template_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("actor_id")--> statement-breakpoint
ALTER TABLE "template_reviews" ADD CONSTRAINT "template_reviews_template_id_templates_id_fk" FOREIGN KEY ("template_id", "account_id") REFERENCES "templates" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_brand_id_brands_id_fk" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE SET NULL ("brand_id")--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("reviewed_by")--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("submitted_by")--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" ADD CONSTRAINT "whatsapp_template_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("submitted_by")--> statement-breakpoint
ALTER TABLE "whatsapp_template_submissions" ADD CONSTRAINT "whatsapp_template_submissions_template_id_whatsapp_templates_id" FOREIGN KEY ("template_id", "account_id") REFERENCES "whatsapp_templates" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_requested_by_users_id_fk" FOREIGN KEY ("requested_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("requested_by")--> statement-breakpoint
ALTER TABLE "sms_senders" ADD CONSTRAINT "sms_senders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("reviewed_by")--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_sender_id_email_senders_id_fk" FOREIGN KEY ("sender_id", "account_id") REFERENCES "email_senders" ("id", "account_id") ON DELETE SET NULL ("sender_id")--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("user_id")--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_approved_by_users_id_fk" FOREIGN KEY ("approved_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("approved_by")--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id", "account_id") REFERENCES "campaigns" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_canceled_by_users_id_fk" FOREIGN KEY ("canceled_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("canceled_by")--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_gateway_reviewer_users_id_fk" FOREIGN KEY ("gateway_reviewer", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("gateway_reviewer")--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id", "account_id") REFERENCES "brands" ("id", "account_id") ON DELETE RESTRICT--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("created_by")--> statement-breakpoint
ALTER TABLE "batch_chunks" ADD CONSTRAINT "batch_chunks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id", "account_id") REFERENCES "batches" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_fkey" FOREIGN KEY ("user_id", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id", "account_id") REFERENCES "ai_conversations" ("id", "account_id") ON DELETE CASCADE--> statement-breakpoint
ALTER TABLE "ai_account_settings" ADD CONSTRAINT "ai_account_settings_updated_by_fkey" FOREIGN KEY ("updated_by", "account_id") REFERENCES "users" ("id", "account_id") ON DELETE SET NULL ("updated_by")
