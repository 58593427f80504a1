/**
 * Webhooks out (issue 28 item 3): the front door. Producers call `emitWebhookEvent` (or the batch
 * forms) in their own transaction; the worker runs `webhookJobs`; /api/webhooks is `webhookRoutes`.
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
