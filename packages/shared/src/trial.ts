import { FREE_PLANS, TRIAL } from './constants.ts';

const DAY_MS = 86_400_000;

/** The trial ends two calendar months after the user's creation date (spec §4). */
export function trialEndsAt(createdAt: Date): Date {
  const end = new Date(createdAt.getTime());
  end.setUTCMonth(end.getUTCMonth() + TRIAL.months);
  return end;
}

/** Rounded-up whole days from `now` to the end of the trial (negative once it has passed). */
export function trialDaysRemaining(createdAt: Date, now: Date = new Date()): number {
  const days = Math.ceil((trialEndsAt(createdAt).getTime() - now.getTime()) / DAY_MS);
  return days === 0 ? 0 : days; // avoid -0
}

export type TrialState = 'none' | 'active' | 'warning' | 'expired' | 'blocked';

/**
 * What the shell shows for a plan and a day count:
 * paid → none; > 7 days → active (no banner); 1..7 → warning banner; ≤ 0 → expired banner;
 * ≤ -30 → full-page block (except /profile).
 */
export function trialState(plan: string, daysRemaining: number): TrialState {
  if (!FREE_PLANS.includes(plan as never)) return 'none';
  if (daysRemaining <= TRIAL.blockAfterDays) return 'blocked';
  if (daysRemaining <= 0) return 'expired';
  if (daysRemaining <= TRIAL.bannerDays) return 'warning';
  return 'active';
}
