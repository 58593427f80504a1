/**
 * Webhooks out: the front door. Producers call `emitWebhookEvent` (or the batch forms) in their own
 * transaction, so an event is queued exactly when what it reports commits; the worker runs
 * `webhookJobs`; the routes table mounts /api/webhooks from webhooks.routes.ts.
 */
import type { AppContext } from '../../context.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import { deliverRound, sweep } from './deliver.ts';

export {
  accountsListening,
  emitMessageStatuses,
  emitWebhookEvent,
  emitWebhookEvents,
  type MessageStatusChange,
  type WebhookItem,
} from './emit.ts';
export { signatureHeader, verifySignature } from './signing.ts';

export function webhookJobs(ctx: AppContext): JobHandlers {
  return {
    webhooks_deliver: (p) => deliverRound(ctx, p.account_id, p.endpoint_id),
    webhooks_sweep: () => sweep(ctx),
  };
}
