/**
 * Every job the worker runs, defined once: its task name and the zod schema of its payload.
 * `enqueue` is typed by task (a wrong payload does not compile), and the worker validates each
 * payload before its handler runs (a job whose payload does not parse fails with the schema's
 * message instead of running on bad data). Handlers live with their module and are listed in
 * jobs/worker.ts.
 */
import { z } from 'zod';

/** at most this many message ids per pipeline job: 100,000 messages are 100 jobs per stage */
export const CHUNK = 1000;

const messageIds = z.array(z.number().int().positive()).min(1).max(CHUNK);
/** crontab jobs carry graphile's `_cron` details, which nothing reads */
const scheduled = z.looseObject({});

export const JOBS = {
  /** housekeeping: expired one-time codes, reset tokens, sign-in attempts, sessions, rate counters */
  auth_purge_expired: scheduled,
  /** a customers or blacklist import, by its id (modules/customers/import) */
  customers_import: z.object({ id: z.number().int().positive() }),
  /** the router stage, then the filter stage, on a chunk of PENDING messages */
  messages_route: z.object({ ids: messageIds }),
  /** email and WhatsApp sends of a chunk; `attempt` counts the retries (they back off) */
  messages_channel_send: z.object({ ids: messageIds, attempt: z.number().int().positive().optional() }),
  /** a scheduled send's messages enter the pipeline */
  messages_release: z.object({ account_id: z.number().int().positive(), bulk_id: z.string().min(1) }),
  /** daily: next months' partitions, old part keys and parked receipts */
  messages_maintenance: scheduled,
  /** hourly: content past each plan's retention is redacted, old months archived (messaging/retention.ts) */
  messages_retention: scheduled,
  /** every minute: credit holds of sends whose process died before settling them go back */
  credits_sweep: scheduled,
  /** a campaign batch starts at its time */
  campaign_batch_start: z.object({ batch: z.number().int().positive() }),
  /** a chunk of a batch's audience (customer ids in (after, upto]) becomes messages */
  campaign_expand: z.object({
    batch: z.number().int().positive(),
    after: z.number().int().min(0),
    upto: z.number().int().positive().nullable(),
  }),
  /** campaigns' periodic check: completion, A/B winners, batches whose time passed */
  campaigns_tick: scheduled,
  /** webhooks out: one round of an endpoint's due deliveries (queued by 0040's trigger, one job per endpoint) */
  webhooks_deliver: z.object({ account_id: z.number().int().positive(), endpoint_id: z.number().int().positive() }),
  /** every minute: endpoints with due deliveries whose job was lost (a crash, no queue yet) get one again */
  webhooks_sweep: scheduled,
  /** hourly: subscriptions whose period ended renew (a scheduled downgrade applies then) or end when cancelled */
  billing_renew: scheduled,
  /** hourly: due-date reminders, the overdue notice, suspension past the grace (modules/billing) */
  billing_dues: scheduled,
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<K extends JobName> = z.infer<(typeof JOBS)[K]>;
/** What a module hands the worker: a handler per job it owns, given the validated payload. */
export type JobHandlers = { [K in JobName]?: (payload: JobPayload<K>) => Promise<unknown> };

/**
 * Later stages first (graphile runs lower numbers first): a chunk routed moves on to sending
 * before the next chunk is routed, so a million queued messages flow through the stages instead
 * of the router queue draining whole before anything is sent. Campaign expansion comes first.
 */
export const JOB_PRIORITY: Partial<Record<JobName, number>> = {
  campaign_expand: -10,
  messages_channel_send: -2,
  messages_route: 0,
};
