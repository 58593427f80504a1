/**
 * `query_account`: the typed question as one tool, for a model (function calling) and the
 * built-in engine alike. Its input schema is derived from the query catalogue — per entity, the
 * fields a filter may name (with their values and words), the groupings, measures and sorts — so a
 * model is told exactly what can be asked; the run checks it again and refuses anything else with a
 * code, never answering a broader question.
 */
import { QUERY_ENTITIES, QUERY_OPS, type QueryEntity, type QueryRun, queryPeriodSchema } from '@risala/shared/schemas/ai-query';
import { z } from 'zod';
import { QUERY_CATALOGUE, runQuestion, scopeFor } from '../query/index.ts';
import { defineTool } from './registry.ts';

const scalar = z.union([z.string().trim().min(1).max(200), z.number(), z.boolean()]);
const value = z.union([scalar, z.array(scalar).min(1).max(50)]).optional();

const shareFilter = z.strictObject({ field: z.string().max(40), op: z.enum(QUERY_OPS), value });

const nonEmpty = (names: readonly string[]) => names.length > 0;
const choice = (names: readonly string[]) => z.enum(names as [string, ...string[]]);

/** One entity's branch of the input: its own fields, measures, groupings and sorts, described with the catalogue's words. */
function entityInput(entity: QueryEntity) {
  const def = QUERY_CATALOGUE[entity];
  const fieldNames = Object.keys(def.fields);
  const fieldHelp = Object.entries(def.fields)
    .map(([name, f]) => {
      const values = f.values ? ` values: ${f.values.join('|')}` : f.type === 'code' ? ' value: a code (ar, en, SA, AE…)' : '';
      const words = [...f.words.en.slice(0, 2), ...f.words.ar.slice(0, 2)].map((x) => `"${x}"`).join(', ');
      return `${name} (${f.type}; ops: ${f.ops.join(',')};${values} ${words})`;
    })
    .join('; ');
  const filter = nonEmpty(fieldNames)
    ? z.strictObject({ field: choice(fieldNames), op: z.enum(QUERY_OPS), value }).describe(`A filter. Fields: ${fieldHelp}`)
    : null;
  const ofHelp = [
    Object.keys(def.numbers).length ? `sum/avg of: ${Object.keys(def.numbers).join('|')}` : '',
    def.rates.length ? `rate of: ${def.rates.join('|')} (percent of the messages sent; failed: of all)` : '',
    Object.keys(def.values).length ? `value of: ${Object.keys(def.values).join('|')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const measure = z.strictObject({
    kind: choice(def.measures),
    ...(ofHelp ? { of: z.string().max(40).optional().describe(ofHelp) } : {}),
    ...(filter
      ? // the same shape as `filters`, not repeated in full (the schema stays small); the run checks its fields
        {
          where: z
            .array(shareFilter)
            .max(8)
            .optional()
            .describe('share: the condition whose share of the filtered rows is asked, as filters'),
        }
      : {}),
  });
  // strict: a part this entity cannot take is refused, never silently dropped (a broader answer)
  return z
    .strictObject({
      entity: z.literal(entity),
      measure,
      filters: filter ? z.array(filter).max(12).default([]) : z.array(z.never()).max(0).default([]),
      ...(nonEmpty(def.groupings) ? { group_by: choice(def.groupings).optional() } : {}),
      rank: z.strictObject({ n: z.number().int().min(1).max(50), order: z.enum(['desc', 'asc']).default('desc') }).optional(),
      ...(nonEmpty(def.sortable) ? { sort: choice(def.sortable).optional() } : {}),
      ...(def.dateField
        ? { period: queryPeriodSchema.optional().describe("a preset or two days (yyyy-mm-dd, inclusive) in the account's time zone") }
        : {}),
    })
    .describe(`${entity}: ${[...def.words.en.slice(0, 6), ...def.words.ar.slice(0, 6)].map((x) => `"${x}"`).join(', ')}`);
}

export const queryAccountInput = z.discriminatedUnion(
  'entity',
  QUERY_ENTITIES.map(entityInput) as unknown as [ReturnType<typeof entityInput>, ...ReturnType<typeof entityInput>[]],
);

const CONTACT = /@|^\+?\d[\d\s-]{6,}$/;

/** A customer list shows names; a phone number or address shown for a nameless customer stays out unless contacts may be shared. */
function withoutContacts(run: QueryRun): QueryRun {
  return { ...run, rows: run.rows.map((r) => (CONTACT.test(r.label) ? { ...r, label: `#${r.key}` } : r)) };
}

export const queryAccountTool = defineTool({
  name: 'query_account',
  description:
    "Answers a question about the account's own data with one typed query: pick the entity, a measure (count, share, sum, avg, rate, list, value), filters on the entity's fields, an optional group_by, rank (top/bottom N), sort and period (in the account's time zone). Use it for every figure (how many, what share, which is best, list). The result says the question back in words (`words`), the figure (`value`, `unit`) or the rows, and the screen link (`url`); quote the figure as given. A refusal (an error code) means the product cannot answer that exactly: say so, never answer a broader question.",
  input: queryAccountInput,
  // each entity is checked against the screen it belongs to, inside the run
  permission: null,
  async run(tc, input) {
    const run = await runQuestion(tc.ctx.db, await scopeFor(tc.ctx.db, tc.auth, tc.lang), input as Parameters<typeof runQuestion>[2]);
    const shown = run.question.entity === 'customers' && !tc.shareContacts ? withoutContacts(run) : run;
    return { data: shown, query: shown };
  },
});
