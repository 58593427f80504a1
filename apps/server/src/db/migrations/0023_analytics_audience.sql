-- Hand-written (docs/decisions.md "Insights dashboard: rollups"): audience growth per account,
-- hour and brand — customers added, consent withdrawn by the customer (unsubscribe link, STOP
-- reply) per channel, STOP replies — kept by statement-level triggers in the writer's transaction.
-- These tables are written by imports and replies, not by the sending pipeline, so the triggers
-- add to their rows directly.
CREATE FUNCTION analytics_customers_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_audience_hourly AS r (account_id, hour, brand_id, added)
  SELECT account_id, date_trunc('hour', created_at, 'UTC'), coalesce(brand_id, 0), count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (account_id, hour, brand_id) DO UPDATE SET added = r.added + excluded.added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_customers_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_customers_added();
--> statement-breakpoint
CREATE FUNCTION analytics_consent_withdrawn() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_audience_hourly AS r (account_id, hour, brand_id, withdrawn_email, withdrawn_sms, withdrawn_whatsapp)
  SELECT account_id, hour, brand_id, sum(e), sum(s), sum(w)
    FROM (SELECT n.account_id, coalesce(n.brand_id, 0) AS brand_id,
                 CASE WHEN o.consent_email AND NOT n.consent_email AND n.consent_email_source = 'unsubscribe' THEN 1 ELSE 0 END AS e,
                 CASE WHEN o.consent_sms AND NOT n.consent_sms AND n.consent_sms_source = 'sms_stop' THEN 1 ELSE 0 END AS s,
                 CASE WHEN o.consent_whatsapp AND NOT n.consent_whatsapp AND n.consent_whatsapp_source = 'whatsapp_stop' THEN 1 ELSE 0 END AS w,
                 date_trunc('hour', greatest(n.consent_email_at, n.consent_sms_at, n.consent_whatsapp_at), 'UTC') AS hour
            FROM new_rows n JOIN old_rows o ON o.id = n.id) x
   WHERE e + s + w > 0
   GROUP BY 1, 2, 3
  ON CONFLICT (account_id, hour, brand_id) DO UPDATE SET withdrawn_email = r.withdrawn_email + excluded.withdrawn_email,
    withdrawn_sms = r.withdrawn_sms + excluded.withdrawn_sms, withdrawn_whatsapp = r.withdrawn_whatsapp + excluded.withdrawn_whatsapp;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_customers_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_consent_withdrawn();
--> statement-breakpoint
CREATE FUNCTION analytics_stop_replies() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_audience_hourly AS r (account_id, hour, brand_id, stop_replies)
  SELECT i.account_id, date_trunc('hour', i.received_at, 'UTC'), coalesce(c.brand_id, 0), count(*)
    FROM new_rows i LEFT JOIN customers c ON c.id = i.customer_id
   WHERE i.action = 'stop'
   GROUP BY 1, 2, 3
  ON CONFLICT (account_id, hour, brand_id) DO UPDATE SET stop_replies = r.stop_replies + excluded.stop_replies;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_inbound_insert AFTER INSERT ON inbound_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_stop_replies();
--> statement-breakpoint
-- Customers added and STOP replies come back exactly; a withdrawal is read from the customer's
-- current consent (one given again since is no longer counted).
CREATE FUNCTION analytics_rebuild_audience(p_account integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_audience_hourly WHERE account_id = p_account;
  INSERT INTO analytics_audience_hourly AS r (account_id, hour, brand_id, added, withdrawn_email, withdrawn_sms, withdrawn_whatsapp, stop_replies)
  SELECT account_id, hour, brand_id, sum(a), sum(e), sum(s), sum(w), sum(st)
    FROM (SELECT account_id, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(brand_id, 0) AS brand_id, 1 AS a, 0 AS e, 0 AS s, 0 AS w, 0 AS st
            FROM customers WHERE account_id = p_account
          UNION ALL
          SELECT account_id, date_trunc('hour', consent_email_at, 'UTC'), coalesce(brand_id, 0), 0, 1, 0, 0, 0
            FROM customers WHERE account_id = p_account AND NOT consent_email AND consent_email_source = 'unsubscribe' AND consent_email_at IS NOT NULL
          UNION ALL
          SELECT account_id, date_trunc('hour', consent_sms_at, 'UTC'), coalesce(brand_id, 0), 0, 0, 1, 0, 0
            FROM customers WHERE account_id = p_account AND NOT consent_sms AND consent_sms_source = 'sms_stop' AND consent_sms_at IS NOT NULL
          UNION ALL
          SELECT account_id, date_trunc('hour', consent_whatsapp_at, 'UTC'), coalesce(brand_id, 0), 0, 0, 0, 1, 0
            FROM customers WHERE account_id = p_account AND NOT consent_whatsapp AND consent_whatsapp_source = 'whatsapp_stop' AND consent_whatsapp_at IS NOT NULL
          UNION ALL
          SELECT i.account_id, date_trunc('hour', i.received_at, 'UTC'), coalesce(c.brand_id, 0), 0, 0, 0, 0, 1
            FROM inbound_messages i LEFT JOIN customers c ON c.id = i.customer_id WHERE i.account_id = p_account AND i.action = 'stop') x
   GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
DO $$
DECLARE a integer;
BEGIN
  FOR a IN SELECT id FROM accounts ORDER BY id LOOP
    PERFORM analytics_rebuild_audience(a);
  END LOOP;
END $$;
--> statement-breakpoint
-- An account's rollups go with it, after its messages (triggers run in name order: _messages, then _rollups).
CREATE FUNCTION accounts_purge_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_deltas WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_hourly WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_dest_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_campaigns WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_failures_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_senders_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_zones WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_audience_hourly WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_events WHERE account_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_purge_rollups AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION accounts_purge_rollups();
