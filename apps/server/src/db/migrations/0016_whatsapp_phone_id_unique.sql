DROP INDEX "whatsapp_senders_account_phone_uq";--> statement-breakpoint
DROP INDEX "whatsapp_senders_phone_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_senders_phone_id_uq" ON "whatsapp_senders" USING btree ("phone_number_id");