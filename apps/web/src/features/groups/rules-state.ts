import type { FieldError } from '@risala/shared/errors';
import { type SegmentRules, segmentRuleIssues, segmentRulesSchema } from '@risala/shared/schemas/groups';

/**
 * Whether rules being edited can be counted: the shape must parse and the meaning check must pass.
 * Returns the parsed rules (what the server will see) or null with the issues to show.
 */
export function checkRules(rules: SegmentRules): { ready: SegmentRules | null; issues: FieldError[] } {
  const parsed = segmentRulesSchema.safeParse(rules);
  if (!parsed.success) {
    return {
      ready: null,
      issues: parsed.error.issues.map((i) => ({ field: ['rules', ...i.path].join('.'), message: i.message })),
    };
  }
  const issues = segmentRuleIssues(parsed.data);
  return { ready: issues.length ? null : parsed.data, issues };
}
