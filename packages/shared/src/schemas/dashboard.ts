import { z } from 'zod';

/**
 * GET /api/dashboard/getting-started: which first steps the account has taken, for the checklist
 * a new account sees on its landing page (the insights themselves come with the dashboard work).
 */
export const SETUP_STEPS = ['brand', 'customers', 'approved_template', 'sent_message', 'launched_campaign'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const gettingStartedSchema = z.object({
  brand: z.boolean(),
  customers: z.boolean(),
  /** an approved SMS/email template or an approved WhatsApp template */
  approved_template: z.boolean(),
  sent_message: z.boolean(),
  launched_campaign: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
