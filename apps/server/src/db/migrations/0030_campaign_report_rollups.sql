-- Hand-written (docs/decisions.md "Campaign report"): what the campaign report reads, kept like
-- the dashboard's rollups. Deltas gain the message's batch (an A/B test's variants are its
-- batches) and the minute the change was written; analytics_campaigns is keyed by batch too; the
-- fold adds each change to the campaign's minute (a chart over time of when things happened);
-- email clicks are counted per link.
ALTER TABLE "analytics_deltas" ADD COLUMN "batch_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "analytics_deltas" ADD COLUMN "minute" timestamp with time zone DEFAULT date_trunc('minute', now()) NOT NULL;
--> statement-breakpoint
ALTER TABLE "analytics_campaigns" ADD COLUMN "batch_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "analytics_campaigns" DROP CONSTRAINT "analytics_campaigns_pk";
--> statement-breakpoint
ALTER TABLE "analytics_campaigns" ADD CONSTRAINT "analytics_campaigns_pk" PRIMARY KEY ("account_id", "campaign_id", "channel", "status", "batch_id");
--> statement-breakpoint
-- a campaign's changes by the minute they were written (sends, receipts, opens, clicks, failures)
CREATE TABLE "analytics_campaign_minutes" (
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"opened" bigint NOT NULL,
	"clicked" bigint NOT NULL,
	"failed" bigint NOT NULL,
	CONSTRAINT "analytics_campaign_minutes_pk" PRIMARY KEY ("account_id", "campaign_id", "minute", "channel")
);
--> statement-breakpoint
-- clicks of a campaign's email per link: every click, and the messages that clicked it
CREATE TABLE "campaign_link_clicks" (
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"unique_clicks" bigint DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_link_clicks_pk" PRIMARY KEY ("account_id", "campaign_id", "url_key")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_messages_delta() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- new rows count +1 under their key and old rows -1 under theirs, so an update that changes
  -- nothing a rollup reads nets to zero and writes nothing (no join of old and new rows needed);
  -- `minute` is the write's own (one value per statement: no extra group)
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_deltas (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost), batch_id, date_trunc('minute', now())
      FROM (
        SELECT account_id, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(campaign_id, 0) AS campaign_id, channel,
               coalesce(sender, '') AS sender, status,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(error_code, '') ELSE '' END AS error_code,
               analytics_dest(channel, recipient) AS dest, s AS n,
               CASE WHEN sent_at IS NOT NULL OR status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED') THEN s ELSE 0 END AS sent,
               CASE WHEN delivered_at IS NOT NULL OR status IN ('DELIVERED', 'READ') THEN s ELSE 0 END AS delivered,
               CASE WHEN read_at IS NOT NULL THEN s ELSE 0 END AS opened,
               CASE WHEN clicked_at IS NOT NULL THEN s ELSE 0 END AS clicked,
               CASE WHEN read_at IS NOT NULL OR clicked_at IS NOT NULL THEN s ELSE 0 END AS engaged,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN s ELSE 0 END AS failed,
               s * credits AS credits, s * cost AS cost, coalesce(batch_id, 0) AS batch_id
          FROM (SELECT *, 1 AS s FROM new_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, batch_id
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- many updates on the pipeline's hot path change nothing a rollup reads (a claim flips stage,
    -- a flag is set): a join of old and new rows tells them apart more cheaply than aggregating
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.created_at = o.created_at
       WHERE (o.status, o.sent_at IS NULL, o.delivered_at IS NULL, o.read_at IS NULL, o.clicked_at IS NULL, o.credits, o.cost,
              o.error_code, o.sender, o.campaign_id, o.channel, o.recipient, o.account_id, o.batch_id)
             IS DISTINCT FROM
             (n.status, n.sent_at IS NULL, n.delivered_at IS NULL, n.read_at IS NULL, n.clicked_at IS NULL, n.credits, n.cost,
              n.error_code, n.sender, n.campaign_id, n.channel, n.recipient, n.account_id, n.batch_id)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO analytics_deltas (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost), batch_id, date_trunc('minute', now())
      FROM (
        SELECT account_id, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(campaign_id, 0) AS campaign_id, channel,
               coalesce(sender, '') AS sender, status,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(error_code, '') ELSE '' END AS error_code,
               analytics_dest(channel, recipient) AS dest, s AS n,
               CASE WHEN sent_at IS NOT NULL OR status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED') THEN s ELSE 0 END AS sent,
               CASE WHEN delivered_at IS NOT NULL OR status IN ('DELIVERED', 'READ') THEN s ELSE 0 END AS delivered,
               CASE WHEN read_at IS NOT NULL THEN s ELSE 0 END AS opened,
               CASE WHEN clicked_at IS NOT NULL THEN s ELSE 0 END AS clicked,
               CASE WHEN read_at IS NOT NULL OR clicked_at IS NOT NULL THEN s ELSE 0 END AS engaged,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN s ELSE 0 END AS failed,
               s * credits AS credits, s * cost AS cost, coalesce(batch_id, 0) AS batch_id
          FROM (SELECT *, 1 AS s FROM new_rows UNION ALL SELECT *, -1 AS s FROM old_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, batch_id
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  ELSE
    INSERT INTO analytics_deltas (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost), batch_id, date_trunc('minute', now())
      FROM (
        SELECT account_id, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(campaign_id, 0) AS campaign_id, channel,
               coalesce(sender, '') AS sender, status,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(error_code, '') ELSE '' END AS error_code,
               analytics_dest(channel, recipient) AS dest, s AS n,
               CASE WHEN sent_at IS NOT NULL OR status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED') THEN s ELSE 0 END AS sent,
               CASE WHEN delivered_at IS NOT NULL OR status IN ('DELIVERED', 'READ') THEN s ELSE 0 END AS delivered,
               CASE WHEN read_at IS NOT NULL THEN s ELSE 0 END AS opened,
               CASE WHEN clicked_at IS NOT NULL THEN s ELSE 0 END AS clicked,
               CASE WHEN read_at IS NOT NULL OR clicked_at IS NOT NULL THEN s ELSE 0 END AS engaged,
               CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN s ELSE 0 END AS failed,
               s * credits AS credits, s * cost AS cost, coalesce(batch_id, 0) AS batch_id
          FROM (SELECT *, -1 AS s FROM old_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, batch_id
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_unsubscribe_delta() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_deltas (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
  SELECT m.account_id, date_trunc('hour', m.created_at, 'UTC'), coalesce(m.campaign_id, 0), m.channel, coalesce(m.sender, ''), '', '', '',
         0, 0, 0, 0, 0, 0, 0, count(*), 0, 0, coalesce(m.batch_id, 0), date_trunc('minute', now())
    FROM new_rows e JOIN messages m ON m.id = e.message_id
   WHERE e.event = 'UNSUBSCRIBED'
   GROUP BY 1, 2, 3, 4, 5, coalesce(m.batch_id, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- analytics_campaigns is cut by batch as well; the rest as in 0022
CREATE OR REPLACE FUNCTION analytics_apply_batch() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_zones (account_id, timezone)
  SELECT DISTINCT b.account_id, a.timezone FROM analytics_batch b JOIN accounts a ON a.id = b.account_id
  ON CONFLICT (account_id) DO NOTHING;

  INSERT INTO analytics_hourly AS r (account_id, hour, campaign_id, channel, n, sent, delivered, opened, clicked, engaged, failed, pending, cancelled, unsubscribed, credits, cost)
  SELECT b.account_id, b.hour, b.campaign_id, b.channel, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.engaged), sum(b.failed), sum(CASE WHEN b.status IN ('PENDING', 'SCHEDULED', 'QUEUED') THEN b.n ELSE 0 END), sum(CASE WHEN b.status = 'CANCELLED' THEN b.n ELSE 0 END), sum(b.unsubscribed), sum(b.credits), sum(b.cost)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id GROUP BY 1, 2, 3, 4
  ON CONFLICT (account_id, hour, campaign_id, channel) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, engaged = r.engaged + excluded.engaged, failed = r.failed + excluded.failed, pending = r.pending + excluded.pending, cancelled = r.cancelled + excluded.cancelled, unsubscribed = r.unsubscribed + excluded.unsubscribed, credits = r.credits + excluded.credits, cost = r.cost + excluded.cost;
  DELETE FROM analytics_hourly r USING (SELECT DISTINCT b.account_id, b.hour AS hour, b.campaign_id AS campaign_id, b.channel AS channel FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id) k
   WHERE r.account_id = k.account_id AND r.hour = k.hour AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.engaged = 0 AND r.failed = 0 AND r.pending = 0 AND r.cancelled = 0 AND r.unsubscribed = 0 AND r.credits = 0 AND r.cost = 0;

  INSERT INTO analytics_daily AS r (account_id, day, campaign_id, channel, n, sent, delivered, opened, clicked, engaged, failed, pending, cancelled, unsubscribed, credits, cost)
  SELECT b.account_id, (b.hour AT TIME ZONE z.timezone)::date, b.campaign_id, b.channel, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.engaged), sum(b.failed), sum(CASE WHEN b.status IN ('PENDING', 'SCHEDULED', 'QUEUED') THEN b.n ELSE 0 END), sum(CASE WHEN b.status = 'CANCELLED' THEN b.n ELSE 0 END), sum(b.unsubscribed), sum(b.credits), sum(b.cost)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id GROUP BY 1, 2, 3, 4
  ON CONFLICT (account_id, day, campaign_id, channel) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, engaged = r.engaged + excluded.engaged, failed = r.failed + excluded.failed, pending = r.pending + excluded.pending, cancelled = r.cancelled + excluded.cancelled, unsubscribed = r.unsubscribed + excluded.unsubscribed, credits = r.credits + excluded.credits, cost = r.cost + excluded.cost;
  DELETE FROM analytics_daily r USING (SELECT DISTINCT b.account_id, (b.hour AT TIME ZONE z.timezone)::date AS day, b.campaign_id AS campaign_id, b.channel AS channel FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id) k
   WHERE r.account_id = k.account_id AND r.day = k.day AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.engaged = 0 AND r.failed = 0 AND r.pending = 0 AND r.cancelled = 0 AND r.unsubscribed = 0 AND r.credits = 0 AND r.cost = 0;

  INSERT INTO analytics_campaigns AS r (account_id, campaign_id, channel, status, batch_id, n, sent, delivered, opened, clicked, engaged, failed, pending, cancelled, unsubscribed, credits, cost)
  SELECT b.account_id, b.campaign_id, b.channel, b.status, b.batch_id, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.engaged), sum(b.failed), sum(CASE WHEN b.status IN ('PENDING', 'SCHEDULED', 'QUEUED') THEN b.n ELSE 0 END), sum(CASE WHEN b.status = 'CANCELLED' THEN b.n ELSE 0 END), sum(b.unsubscribed), sum(b.credits), sum(b.cost)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.campaign_id <> 0 GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, campaign_id, channel, status, batch_id) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, engaged = r.engaged + excluded.engaged, failed = r.failed + excluded.failed, pending = r.pending + excluded.pending, cancelled = r.cancelled + excluded.cancelled, unsubscribed = r.unsubscribed + excluded.unsubscribed, credits = r.credits + excluded.credits, cost = r.cost + excluded.cost;
  DELETE FROM analytics_campaigns r USING (SELECT DISTINCT b.account_id, b.campaign_id AS campaign_id, b.channel AS channel, b.status AS status, b.batch_id AS batch_id FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.campaign_id <> 0) k
   WHERE r.account_id = k.account_id AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.status = k.status AND r.batch_id = k.batch_id AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.engaged = 0 AND r.failed = 0 AND r.pending = 0 AND r.cancelled = 0 AND r.unsubscribed = 0 AND r.credits = 0 AND r.cost = 0;

  INSERT INTO analytics_failures_daily AS r (account_id, day, campaign_id, channel, status, error_code, n)
  SELECT b.account_id, (b.hour AT TIME ZONE z.timezone)::date, b.campaign_id, b.channel, b.status, b.error_code, sum(b.n)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (account_id, day, campaign_id, channel, status, error_code) DO UPDATE SET n = r.n + excluded.n;
  DELETE FROM analytics_failures_daily r USING (SELECT DISTINCT b.account_id, (b.hour AT TIME ZONE z.timezone)::date AS day, b.campaign_id AS campaign_id, b.channel AS channel, b.status AS status, b.error_code AS error_code FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED')) k
   WHERE r.account_id = k.account_id AND r.day = k.day AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.status = k.status AND r.error_code = k.error_code AND r.n = 0;

  INSERT INTO analytics_senders_daily AS r (account_id, day, campaign_id, channel, sender, n, sent, delivered, opened, clicked, engaged, failed, pending, cancelled, unsubscribed, credits, cost)
  SELECT b.account_id, (b.hour AT TIME ZONE z.timezone)::date, b.campaign_id, b.channel, b.sender, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.engaged), sum(b.failed), sum(CASE WHEN b.status IN ('PENDING', 'SCHEDULED', 'QUEUED') THEN b.n ELSE 0 END), sum(CASE WHEN b.status = 'CANCELLED' THEN b.n ELSE 0 END), sum(b.unsubscribed), sum(b.credits), sum(b.cost)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, campaign_id, channel, sender) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, engaged = r.engaged + excluded.engaged, failed = r.failed + excluded.failed, pending = r.pending + excluded.pending, cancelled = r.cancelled + excluded.cancelled, unsubscribed = r.unsubscribed + excluded.unsubscribed, credits = r.credits + excluded.credits, cost = r.cost + excluded.cost;
  DELETE FROM analytics_senders_daily r USING (SELECT DISTINCT b.account_id, (b.hour AT TIME ZONE z.timezone)::date AS day, b.campaign_id AS campaign_id, b.channel AS channel, b.sender AS sender FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id) k
   WHERE r.account_id = k.account_id AND r.day = k.day AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.sender = k.sender AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.engaged = 0 AND r.failed = 0 AND r.pending = 0 AND r.cancelled = 0 AND r.unsubscribed = 0 AND r.credits = 0 AND r.cost = 0;

  INSERT INTO analytics_dest_daily AS r (account_id, day, campaign_id, channel, dest, n, sent, delivered, failed)
  SELECT b.account_id, (b.hour AT TIME ZONE z.timezone)::date, b.campaign_id, b.channel, b.dest, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.failed)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.dest <> '' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, campaign_id, channel, dest) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, failed = r.failed + excluded.failed;
  DELETE FROM analytics_dest_daily r USING (SELECT DISTINCT b.account_id, (b.hour AT TIME ZONE z.timezone)::date AS day, b.campaign_id AS campaign_id, b.channel AS channel, b.dest AS dest FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.dest <> '') k
   WHERE r.account_id = k.account_id AND r.day = k.day AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.dest = k.dest AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.failed = 0;
END $$;
--> statement-breakpoint
-- The fold also adds each campaign's changes to the minute they were written in (a rebuild
-- recomputes those minutes from the messages' own timestamps instead).
CREATE OR REPLACE FUNCTION analytics_fold() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(21317, 0) THEN
    RETURN -1;
  END IF;
  IF to_regclass('pg_temp.analytics_batch') IS NULL THEN
    CREATE TEMP TABLE analytics_batch (LIKE analytics_deltas) ON COMMIT DELETE ROWS;
  END IF;
  -- a DELETE takes exactly the rows its snapshot sees; deltas committed meanwhile wait for the next fold
  WITH taken AS (DELETE FROM analytics_deltas RETURNING *) INSERT INTO analytics_batch SELECT * FROM taken;
  GET DIAGNOSTICS moved = ROW_COUNT;
  IF moved = 0 THEN
    RETURN 0;
  END IF;
  PERFORM analytics_apply_batch();
  INSERT INTO analytics_campaign_minutes AS r (account_id, campaign_id, minute, channel, sent, delivered, opened, clicked, failed)
  SELECT b.account_id, b.campaign_id, b.minute, b.channel, sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.failed)
    FROM analytics_batch b WHERE b.campaign_id <> 0 GROUP BY 1, 2, 3, 4
  HAVING sum(b.sent) <> 0 OR sum(b.delivered) <> 0 OR sum(b.opened) <> 0 OR sum(b.clicked) <> 0 OR sum(b.failed) <> 0
  ON CONFLICT (account_id, campaign_id, minute, channel) DO UPDATE SET sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, failed = r.failed + excluded.failed;
  DELETE FROM analytics_campaign_minutes r USING (SELECT DISTINCT b.account_id, b.campaign_id, b.minute, b.channel FROM analytics_batch b WHERE b.campaign_id <> 0) k
   WHERE r.account_id = k.account_id AND r.campaign_id = k.campaign_id AND r.minute = k.minute AND r.channel = k.channel
     AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.failed = 0;
  -- one event per account: its net changes per campaign, channel and state (the 100 largest; a
  -- client refetches the figures anyway, the event says what moved)
  INSERT INTO analytics_events (account_id, changes)
  SELECT account_id, jsonb_agg(jsonb_build_object('campaign_id', campaign_id, 'channel', channel, 'status', status, 'n', n,
                                                  'opened', opened, 'clicked', clicked, 'unsubscribed', unsubscribed) ORDER BY campaign_id, channel, status)
    FROM (SELECT *, row_number() OVER (PARTITION BY account_id ORDER BY abs(n) + opened + clicked + unsubscribed DESC) AS rank
            FROM (SELECT account_id, campaign_id, channel, status, sum(n) AS n, sum(opened) AS opened, sum(clicked) AS clicked, sum(unsubscribed) AS unsubscribed
                    FROM analytics_batch GROUP BY 1, 2, 3, 4
                  HAVING sum(n) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(unsubscribed) <> 0) c) ranked
   WHERE rank <= 100
   GROUP BY account_id;
  IF FOUND THEN
    PERFORM pg_notify('risala_analytics', '');
  END IF;
  RETURN moved;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_account(p_account integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_deltas WHERE account_id = p_account;
  DELETE FROM analytics_hourly WHERE account_id = p_account;
  DELETE FROM analytics_daily WHERE account_id = p_account;
  DELETE FROM analytics_campaigns WHERE account_id = p_account;
  DELETE FROM analytics_failures_daily WHERE account_id = p_account;
  DELETE FROM analytics_senders_daily WHERE account_id = p_account;
  DELETE FROM analytics_dest_daily WHERE account_id = p_account;
  DELETE FROM analytics_campaign_minutes WHERE account_id = p_account;
  INSERT INTO analytics_zones (account_id, timezone) SELECT id, timezone FROM accounts WHERE id = p_account
  ON CONFLICT (account_id) DO UPDATE SET timezone = excluded.timezone;
  IF to_regclass('pg_temp.analytics_batch') IS NULL THEN
    CREATE TEMP TABLE analytics_batch (LIKE analytics_deltas) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM analytics_batch;
  INSERT INTO analytics_batch (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
  SELECT account_id, date_trunc('hour', created_at, 'UTC'), coalesce(campaign_id, 0), channel, coalesce(sender, ''), status,
         CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(error_code, '') ELSE '' END,
         analytics_dest(channel, recipient),
         count(*),
         count(*) FILTER (WHERE sent_at IS NOT NULL OR status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED')),
         count(*) FILTER (WHERE delivered_at IS NOT NULL OR status IN ('DELIVERED', 'READ')),
         count(read_at), count(clicked_at), count(*) FILTER (WHERE read_at IS NOT NULL OR clicked_at IS NOT NULL),
         count(*) FILTER (WHERE status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED')),
         0, sum(credits), sum(cost), coalesce(batch_id, 0), date_trunc('minute', now())
    FROM messages WHERE account_id = p_account GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, coalesce(batch_id, 0);
  INSERT INTO analytics_batch (account_id, hour, campaign_id, channel, sender, status, error_code, dest, n, sent, delivered, opened, clicked, engaged, failed, unsubscribed, credits, cost, batch_id, minute)
  SELECT m.account_id, date_trunc('hour', m.created_at, 'UTC'), coalesce(m.campaign_id, 0), m.channel, coalesce(m.sender, ''), '', '', '',
         0, 0, 0, 0, 0, 0, 0, count(*), 0, 0, coalesce(m.batch_id, 0), date_trunc('minute', now())
    FROM message_events e JOIN messages m ON m.id = e.message_id
   WHERE e.account_id = p_account AND e.event = 'UNSUBSCRIBED'
   GROUP BY 1, 2, 3, 4, 5, coalesce(m.batch_id, 0);
  PERFORM analytics_apply_batch();
  DELETE FROM analytics_batch;
  -- the minutes from the messages' own timestamps (what counts is as in the measures above)
  INSERT INTO analytics_campaign_minutes (account_id, campaign_id, minute, channel, sent, delivered, opened, clicked, failed)
  SELECT m.account_id, m.campaign_id, date_trunc('minute', v.at), m.channel,
         count(*) FILTER (WHERE v.kind = 's'), count(*) FILTER (WHERE v.kind = 'd'), count(*) FILTER (WHERE v.kind = 'o'),
         count(*) FILTER (WHERE v.kind = 'c'), count(*) FILTER (WHERE v.kind = 'f')
    FROM messages m
    CROSS JOIN LATERAL (VALUES
      ('s', CASE WHEN m.sent_at IS NOT NULL OR m.status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED') THEN coalesce(m.sent_at, m.updated_at) END),
      ('d', CASE WHEN m.delivered_at IS NOT NULL OR m.status IN ('DELIVERED', 'READ') THEN coalesce(m.delivered_at, m.read_at, m.updated_at) END),
      ('o', m.read_at),
      ('c', m.clicked_at),
      ('f', CASE WHEN m.status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(m.failed_at, m.updated_at) END)
    ) AS v(kind, at)
   WHERE m.account_id = p_account AND m.campaign_id IS NOT NULL AND v.at IS NOT NULL
   GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_purge_rollups() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_deltas WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_hourly WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_dest_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_campaigns WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_campaign_minutes WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_failures_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_senders_daily WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_zones WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_audience_hourly WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM analytics_events WHERE account_id IN (SELECT id FROM gone);
  DELETE FROM campaign_link_clicks WHERE account_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- analytics_campaigns by batch and the campaigns' minutes for what was sent before (a session
-- that folded or rebuilt before this migration holds analytics_batch in its old shape)
DROP TABLE IF EXISTS pg_temp.analytics_batch;
--> statement-breakpoint
DO $$
DECLARE a integer;
BEGIN
  FOR a IN SELECT id FROM accounts ORDER BY id LOOP
    PERFORM analytics_rebuild_account(a);
  END LOOP;
END $$;
