import type { FieldError } from '@risala/shared/errors';
import { type SegmentRules, segmentRuleIssues, segmentRulesSchema } from '@risala/shared/schemas/groups';

/**
 * Whether rules being edited can be counted: the shape must parse and the meaning check must pass.
 * Returns the parsed rules (what the server will see) or null with the issues to show — every
 * problem at once, one per field (a malformed key does not hide an empty value elsewhere).
 */
export function checkRules(rules: SegmentRules): { ready: SegmentRules | null; issues: FieldError[] } {
  const parsed = segmentRulesSchema.safeParse(rules);
  if (parsed.success) {
    const issues = segmentRuleIssues(parsed.data);
    return { ready: issues.length ? null : parsed.data, issues };
  }
  const shape = parsed.error.issues.map((i) => ({ field: ['rules', ...i.path].join('.'), message: i.message }));
  let meaning: FieldError[] = [];
  try {
    meaning = segmentRuleIssues(rules); // the editor keeps the shape, so the meaning check can read it
  } catch {
    meaning = [];
  }
  const seen = new Set<string>();
  const issues = [...shape, ...meaning].filter((i) => !seen.has(i.field) && seen.add(i.field));
  return { ready: null, issues };
}

/**
 * The messages of one condition by its own field ("key", "value", "from" …), for the row at
 * `path` (e.g. `rules.conditions.2` or `rules.conditions.1.conditions.0`). A message for the row
 * as a whole (no field below it) is under "".
 */
export function conditionErrors(issues: FieldError[], path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.field !== path && !issue.field.startsWith(`${path}.`)) continue;
    const rest = issue.field.slice(path.length + 1);
    // `rules.conditions.1.conditions.0.key` is not the group's own: rows of a group have their own path
    if (/^conditions\./.test(rest)) continue;
    const field = rest.split('.')[0] ?? '';
    out[field] ??= issue.message;
  }
  return out;
}
