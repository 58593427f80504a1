-- Hand-written (docs/decisions.md "Insights dashboard: rollups"): the dashboard's counts come from
-- rollups, never from scanning messages at request time. Statement-level AFTER triggers on
-- messages append one row per distinct key and per statement to analytics_deltas, in the same
-- transaction as the state change, whoever writes it; analytics_fold() moves them into the rollups
-- every second; reads add the rollups and the deltas not folded yet.
CREATE FUNCTION analytics_dest(p_channel text, p_recipient text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- '+966 50': the calling code (E.164 codes are prefix-free: 1 and 7 are one digit, these two) and
  -- the national number's first two digits, the operator prefix of most numbering plans
  SELECT CASE
    WHEN p_channel NOT IN ('sms', 'whatsapp') OR left(p_recipient, 1) <> '+' THEN ''
    WHEN substr(p_recipient, 2, 1) IN ('1', '7') THEN left(p_recipient, 2) || ' ' || substr(p_recipient, 3, 2)
    WHEN substr(p_recipient, 2, 2) IN ('20','27','30','31','32','33','34','36','39','40','41','43','44','45','46','47','48','49',
      '51','52','53','54','55','56','57','58','60','61','62','63','64','65','66','81','82','84','86','90','91','92','93','94','95','98')
      THEN left(p_recipient, 3) || ' ' || substr(p_recipient, 4, 2)
    ELSE left(p_recipient, 4) || ' ' || substr(p_recipient, 5, 2)
  END
$$;
--> statement-breakpoint
-- No index and no key: rows are only appended (by the triggers) and taken whole (by the fold), so
-- concurrent pipeline writers never wait for one another here.
CREATE TABLE "analytics_deltas" (
	"account_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"dest" text NOT NULL,
	"n" integer NOT NULL,
	"sent" integer NOT NULL,
	"delivered" integer NOT NULL,
	"opened" integer NOT NULL,
	"clicked" integer NOT NULL,
	"engaged" integer NOT NULL,
	"failed" integer NOT NULL,
	"unsubscribed" integer NOT NULL,
	"credits" bigint NOT NULL,
	"cost" numeric(18, 5) NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000, autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 5000);
--> statement-breakpoint
-- every message by its creation hour: the hour series and the heatmap
CREATE TABLE "analytics_hourly" (
	"account_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"n" bigint NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"opened" bigint NOT NULL,
	"clicked" bigint NOT NULL,
	"engaged" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"cancelled" bigint NOT NULL,
	"unsubscribed" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"cost" numeric(18, 5) NOT NULL,
	CONSTRAINT "analytics_hourly_pk" PRIMARY KEY ("account_id", "hour", "campaign_id", "channel")
);
--> statement-breakpoint
-- every message by its creation day in the account's zone: KPIs, series, funnel, campaigns
CREATE TABLE "analytics_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"n" bigint NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"opened" bigint NOT NULL,
	"clicked" bigint NOT NULL,
	"engaged" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"cancelled" bigint NOT NULL,
	"unsubscribed" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"cost" numeric(18, 5) NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY ("account_id", "day", "campaign_id", "channel")
);
--> statement-breakpoint
-- a campaign's messages by state, all time: campaign metrics
CREATE TABLE "analytics_campaigns" (
	"account_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"opened" bigint NOT NULL,
	"clicked" bigint NOT NULL,
	"engaged" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"cancelled" bigint NOT NULL,
	"unsubscribed" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"cost" numeric(18, 5) NOT NULL,
	CONSTRAINT "analytics_campaigns_pk" PRIMARY KEY ("account_id", "campaign_id", "channel", "status")
);
--> statement-breakpoint
-- failed, blocked and refused messages by reason
CREATE TABLE "analytics_failures_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "analytics_failures_daily_pk" PRIMARY KEY ("account_id", "day", "campaign_id", "channel", "status", "error_code")
);
--> statement-breakpoint
-- per sender id, address or number: channel metrics
CREATE TABLE "analytics_senders_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"sender" text NOT NULL,
	"n" bigint NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"opened" bigint NOT NULL,
	"clicked" bigint NOT NULL,
	"engaged" bigint NOT NULL,
	"failed" bigint NOT NULL,
	"pending" bigint NOT NULL,
	"cancelled" bigint NOT NULL,
	"unsubscribed" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"cost" numeric(18, 5) NOT NULL,
	CONSTRAINT "analytics_senders_daily_pk" PRIMARY KEY ("account_id", "day", "campaign_id", "channel", "sender")
);
--> statement-breakpoint
-- SMS and WhatsApp by calling code and operator prefix
CREATE TABLE "analytics_dest_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"channel" text NOT NULL,
	"dest" text NOT NULL,
	"n" bigint NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"failed" bigint NOT NULL,
	CONSTRAINT "analytics_dest_daily_pk" PRIMARY KEY ("account_id", "day", "campaign_id", "channel", "dest")
);
--> statement-breakpoint
-- covering indexes for the two widest reads of a long range (the heatmap over hours, destinations
-- over days): index-only scans, no heap visits
CREATE INDEX "analytics_hourly_cover_idx" ON "analytics_hourly" USING btree ("account_id", "hour") INCLUDE ("campaign_id", "channel", "delivered", "engaged");
--> statement-breakpoint
CREATE INDEX "analytics_dest_daily_cover_idx" ON "analytics_dest_daily" USING btree ("account_id", "day") INCLUDE ("campaign_id", "channel", "dest", "n", "sent", "delivered", "failed");
--> statement-breakpoint
CREATE INDEX "analytics_daily_campaign_idx" ON "analytics_daily" USING btree ("account_id", "campaign_id", "day") WHERE "campaign_id" <> 0;
--> statement-breakpoint
-- The zone an account's daily rollups are cut in; an account whose time zone changes since is rebuilt.
CREATE TABLE "analytics_zones" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_audience_hourly" (
	"account_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"brand_id" integer NOT NULL,
	"added" bigint NOT NULL DEFAULT 0,
	"withdrawn_email" bigint NOT NULL DEFAULT 0,
	"withdrawn_sms" bigint NOT NULL DEFAULT 0,
	"withdrawn_whatsapp" bigint NOT NULL DEFAULT 0,
	"stop_replies" bigint NOT NULL DEFAULT 0,
	CONSTRAINT "analytics_audience_hourly_pk" PRIMARY KEY ("account_id", "hour", "brand_id")
);
--> statement-breakpoint
-- What the live dashboard streams (GET /api/dashboard/events): the net state changes of one fold.
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_account_idx" ON "analytics_events" USING btree ("account_id", "id");
--> statement-breakpoint
CREATE FUNCTION analytics_messages_delta() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- new rows count +1 under their key and old rows -1 under theirs, so an update that changes
  -- nothing a rollup reads nets to zero and writes nothing (no join of old and new rows needed)
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_deltas
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost)
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
               s * credits AS credits, s * cost AS cost
          FROM (SELECT *, 1 AS s FROM new_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- many updates on the pipeline's hot path change nothing a rollup reads (a claim flips stage,
    -- a flag is set): a join of old and new rows tells them apart more cheaply than aggregating
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.created_at = o.created_at
       WHERE (o.status, o.sent_at IS NULL, o.delivered_at IS NULL, o.read_at IS NULL, o.clicked_at IS NULL, o.credits, o.cost,
              o.error_code, o.sender, o.campaign_id, o.channel, o.recipient, o.account_id)
             IS DISTINCT FROM
             (n.status, n.sent_at IS NULL, n.delivered_at IS NULL, n.read_at IS NULL, n.clicked_at IS NULL, n.credits, n.cost,
              n.error_code, n.sender, n.campaign_id, n.channel, n.recipient, n.account_id)) THEN
      RETURN NULL;
    END IF;
    INSERT INTO analytics_deltas
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost)
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
               s * credits AS credits, s * cost AS cost
          FROM (SELECT *, 1 AS s FROM new_rows UNION ALL SELECT *, -1 AS s FROM old_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  ELSE
    INSERT INTO analytics_deltas
    SELECT account_id, hour, campaign_id, channel, sender, status, error_code, dest,
           sum(n), sum(sent), sum(delivered), sum(opened), sum(clicked), sum(engaged), sum(failed), 0, sum(credits), sum(cost)
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
               s * credits AS credits, s * cost AS cost
          FROM (SELECT *, -1 AS s FROM old_rows) r
      ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(n) <> 0 OR sum(sent) <> 0 OR sum(delivered) <> 0 OR sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(engaged) <> 0 OR sum(failed) <> 0
        OR sum(credits) <> 0 OR sum(cost) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_messages_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_delta();
--> statement-breakpoint
CREATE TRIGGER analytics_messages_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_delta();
--> statement-breakpoint
CREATE TRIGGER analytics_messages_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_messages_delta();
--> statement-breakpoint
-- An unsubscribe is an event, not a state: it counts under the message's key with status ''.
CREATE FUNCTION analytics_unsubscribe_delta() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_deltas
  SELECT m.account_id, date_trunc('hour', m.created_at, 'UTC'), coalesce(m.campaign_id, 0), m.channel, coalesce(m.sender, ''), '', '', '',
         0, 0, 0, 0, 0, 0, 0, count(*), 0, 0
    FROM new_rows e JOIN messages m ON m.id = e.message_id
   WHERE e.event = 'UNSUBSCRIBED'
   GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_unsubscribe AFTER INSERT ON message_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_unsubscribe_delta();
--> statement-breakpoint
-- Adds the rows of the session's analytics_batch (shaped like analytics_deltas) to every rollup,
-- then drops the rollup rows this left at zero (a state messages only pass through leaves nothing).
-- Used by the fold and by the rebuild, so both cut the same keys the same way.
CREATE FUNCTION analytics_apply_batch() RETURNS void
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

  INSERT INTO analytics_campaigns AS r (account_id, campaign_id, channel, status, n, sent, delivered, opened, clicked, engaged, failed, pending, cancelled, unsubscribed, credits, cost)
  SELECT b.account_id, b.campaign_id, b.channel, b.status, sum(b.n), sum(b.sent), sum(b.delivered), sum(b.opened), sum(b.clicked), sum(b.engaged), sum(b.failed), sum(CASE WHEN b.status IN ('PENDING', 'SCHEDULED', 'QUEUED') THEN b.n ELSE 0 END), sum(CASE WHEN b.status = 'CANCELLED' THEN b.n ELSE 0 END), sum(b.unsubscribed), sum(b.credits), sum(b.cost)
    FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.campaign_id <> 0 GROUP BY 1, 2, 3, 4
  ON CONFLICT (account_id, campaign_id, channel, status) DO UPDATE SET n = r.n + excluded.n, sent = r.sent + excluded.sent, delivered = r.delivered + excluded.delivered, opened = r.opened + excluded.opened, clicked = r.clicked + excluded.clicked, engaged = r.engaged + excluded.engaged, failed = r.failed + excluded.failed, pending = r.pending + excluded.pending, cancelled = r.cancelled + excluded.cancelled, unsubscribed = r.unsubscribed + excluded.unsubscribed, credits = r.credits + excluded.credits, cost = r.cost + excluded.cost;
  DELETE FROM analytics_campaigns r USING (SELECT DISTINCT b.account_id, b.campaign_id AS campaign_id, b.channel AS channel, b.status AS status FROM analytics_batch b JOIN analytics_zones z ON z.account_id = b.account_id WHERE b.campaign_id <> 0) k
   WHERE r.account_id = k.account_id AND r.campaign_id = k.campaign_id AND r.channel = k.channel AND r.status = k.status AND r.n = 0 AND r.sent = 0 AND r.delivered = 0 AND r.opened = 0 AND r.clicked = 0 AND r.engaged = 0 AND r.failed = 0 AND r.pending = 0 AND r.cancelled = 0 AND r.unsubscribed = 0 AND r.credits = 0 AND r.cost = 0;

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
-- Moves every committed delta into the rollups (one fold at a time: a second caller returns -1),
-- records the net changes per account for the live stream and wakes its listeners.
CREATE FUNCTION analytics_fold() RETURNS integer
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
-- Recomputes one account's message rollups from messages (and its unsubscribe events). Run it in
-- a REPEATABLE READ transaction while holding the fold's lock (modules/analytics/rebuild.ts):
-- the deltas it deletes are exactly those its snapshot of messages already contains.
CREATE FUNCTION analytics_rebuild_account(p_account integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_deltas WHERE account_id = p_account;
  DELETE FROM analytics_hourly WHERE account_id = p_account;
  DELETE FROM analytics_daily WHERE account_id = p_account;
  DELETE FROM analytics_campaigns WHERE account_id = p_account;
  DELETE FROM analytics_failures_daily WHERE account_id = p_account;
  DELETE FROM analytics_senders_daily WHERE account_id = p_account;
  DELETE FROM analytics_dest_daily WHERE account_id = p_account;
  INSERT INTO analytics_zones (account_id, timezone) SELECT id, timezone FROM accounts WHERE id = p_account
  ON CONFLICT (account_id) DO UPDATE SET timezone = excluded.timezone;
  IF to_regclass('pg_temp.analytics_batch') IS NULL THEN
    CREATE TEMP TABLE analytics_batch (LIKE analytics_deltas) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM analytics_batch;
  INSERT INTO analytics_batch
  SELECT account_id, date_trunc('hour', created_at, 'UTC'), coalesce(campaign_id, 0), channel, coalesce(sender, ''), status,
         CASE WHEN status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED') THEN coalesce(error_code, '') ELSE '' END,
         analytics_dest(channel, recipient),
         count(*),
         count(*) FILTER (WHERE sent_at IS NOT NULL OR status IN ('SENT', 'ACCEPTED', 'DELIVERED', 'READ', 'PARTIALLY_SENT', 'PARTIALLY_DELIVERED')),
         count(*) FILTER (WHERE delivered_at IS NOT NULL OR status IN ('DELIVERED', 'READ')),
         count(read_at), count(clicked_at), count(*) FILTER (WHERE read_at IS NOT NULL OR clicked_at IS NOT NULL),
         count(*) FILTER (WHERE status IN ('FAILED', 'BLOCKED', 'NOT_ALLOWED')),
         0, sum(credits), sum(cost)
    FROM messages WHERE account_id = p_account GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO analytics_batch
  SELECT m.account_id, date_trunc('hour', m.created_at, 'UTC'), coalesce(m.campaign_id, 0), m.channel, coalesce(m.sender, ''), '', '', '',
         0, 0, 0, 0, 0, 0, 0, count(*), 0, 0
    FROM message_events e JOIN messages m ON m.id = e.message_id
   WHERE e.account_id = p_account AND e.event = 'UNSUBSCRIBED'
   GROUP BY 1, 2, 3, 4, 5;
  PERFORM analytics_apply_batch();
  DELETE FROM analytics_batch;
END $$;
--> statement-breakpoint
-- Bring the rollups up to date with what was sent before they existed.
DO $$
DECLARE a integer;
BEGIN
  FOR a IN SELECT id FROM accounts ORDER BY id LOOP
    PERFORM analytics_rebuild_account(a);
  END LOOP;
END $$;
