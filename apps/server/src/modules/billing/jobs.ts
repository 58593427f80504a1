/** The billing module's scheduled jobs: renewals at period end (and downgrades then), and dues. */
import type { AppContext } from '../../context.ts';
import type { JobHandlers } from '../../jobs/registry.ts';
import { duesTick } from './dues.service.ts';
import { renewDue } from './subscription.service.ts';

export function billingJobs(ctx: AppContext): JobHandlers {
  return {
    billing_renew: async () => {
      const moved = await renewDue(ctx);
      if (moved) ctx.log.info({ moved }, 'subscriptions renewed or ended at period end');
    },
    billing_dues: async () => {
      const done = await duesTick(ctx);
      if (done.reminded || done.overdue || done.suspended) ctx.log.info(done, 'billing dues: reminders and suspensions');
    },
  };
}
