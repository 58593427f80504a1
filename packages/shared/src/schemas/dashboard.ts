/**
 * GET /api/dashboard/getting-started: which first steps the account has taken, for the checklist
 * a new account sees on its landing page (the insights themselves come with the dashboard work).
 */
export const SETUP_STEPS = ['brand', 'customers', 'approved_template', 'sent_message', 'launched_campaign'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type GettingStarted = Record<SetupStep, boolean>;
