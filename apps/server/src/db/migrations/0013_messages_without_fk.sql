ALTER TABLE "message_events" DROP CONSTRAINT "message_events_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_user_id_users_id_fk";
--> statement-breakpoint
-- Hand-written: what the dropped ON DELETE CASCADE did, once per statement instead of a check per
-- inserted row (docs/decisions.md "Messages without declared foreign keys").
CREATE OR REPLACE FUNCTION accounts_purge_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_events WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM sms_part_keys WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM sms_queue q USING messages m
   WHERE m.account_id IN (SELECT id FROM gone) AND q.message_id = m.id AND q.connection_id = m.connection_id;
  DELETE FROM messages WHERE account_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_purge_messages AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION accounts_purge_messages();
