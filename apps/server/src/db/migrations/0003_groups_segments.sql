-- groups: contacts_count of static groups follows group_members in the same transaction, whoever
-- writes the members (adding/removing members, deleting a customer or a group cascades here too).
-- Statement-level with transition tables: one UPDATE per statement, not per row.
CREATE OR REPLACE FUNCTION group_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE customer_groups g SET contacts_count = g.contacts_count + n.c
      FROM (SELECT group_id, count(*)::int AS c FROM new_rows GROUP BY group_id) n
     WHERE g.id = n.group_id;
  ELSE
    UPDATE customer_groups g SET contacts_count = greatest(g.contacts_count - o.c, 0)
      FROM (SELECT group_id, count(*)::int AS c FROM old_rows GROUP BY group_id) o
     WHERE g.id = o.group_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER group_members_count_ins AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION group_members_count();
--> statement-breakpoint
CREATE TRIGGER group_members_count_del AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION group_members_count();
--> statement-breakpoint
-- segments: a covering index so the common audience counts (country + consent + language + tags)
-- are index-only scans (bench: 1M customers, < 100 ms). Drizzle cannot declare INCLUDE, hence here.
CREATE INDEX IF NOT EXISTS customers_segment_idx ON customers USING btree (account_id, country)
  INCLUDE (consent_email, consent_sms, consent_whatsapp, language, tags);
