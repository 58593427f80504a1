/** Spec §2: route changes show a progress bar, except when the target contains q=, login or monitoring. */
export function shouldShowRouteProgress(target: string): boolean {
  return !/q=|login|monitoring/.test(target);
}
