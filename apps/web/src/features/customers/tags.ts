/**
 * The tags of a tags box including what is typed but not yet confirmed with Enter: a person who
 * types "vip" and presses Confirm means "vip". Commas separate tags as in the box; no duplicates.
 */
export function tagsWithTyped(tags: string[], typed: string): string[] {
  const extra = typed
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set([...tags, ...extra])];
}
