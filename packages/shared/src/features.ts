/**
 * What each plan includes beyond the basics. The plan cards sell "AI campaign planning and
 * analytics" on Growth and Enterprise; a free trial includes it while the trial runs, so a new
 * account can try what it would buy. Free and Starter answer FEATURE_NOT_AVAILABLE (§6).
 */
export const AI_FEATURE_PLANS = ['growth', 'enterprise', 'free_trial'] as const;

export function hasAiFeatures(plan: string | null | undefined): boolean {
  return (AI_FEATURE_PLANS as readonly string[]).includes(plan ?? '');
}
