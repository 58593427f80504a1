/**
 * The tools the assistant works through — the model and the built-in engine alike. Each one runs
 * as the caller: inside the caller's account, behind the same permission the screen needs, and
 * returns computed data (never prose). There is no tool that sends, deletes or approves: the only
 * write is a campaign draft the user opens and confirms in the launcher; a message draft is offered
 * in the chat and saved only when the user chooses.
 */
import type { Action, EntityName } from '@risala/shared';
import { can } from '@risala/shared';
import { translate } from '@risala/shared/i18n/index.ts';
import type { DraftCard, ToolUse } from '@risala/shared/schemas/ai';
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';
import type { QueryRun } from '@risala/shared/schemas/ai-query';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { AppError, mapDbError } from '../../../lib/errors.ts';
import type { AuthContext } from '../../auth/index.ts';
import type { Lang } from '../language.ts';
import type { ToolBox, ToolOutcome, ToolSpec } from '../provider.ts';

export interface ToolContext {
  ctx: AppContext;
  auth: AuthContext;
  lang: Lang;
  /** customers' phone numbers and email addresses may be in results (a local engine, or the account allowed it) */
  shareContacts: boolean;
}

export interface ToolDef<S extends z.ZodType = z.ZodType> {
  name: string;
  /** for the model: what the tool answers and when to use it */
  description: string;
  input: S;
  /** the permission the matching screen needs; null: any signed-in user */
  permission: [EntityName, Action] | null;
  run(tc: ToolContext, input: z.output<S>): Promise<{ data: unknown; card?: DraftCard; draft?: MessageDraft; query?: QueryRun }>;
}

export const defineTool = <S extends z.ZodType>(def: ToolDef<S>): ToolDef => def as unknown as ToolDef;

const specs = new WeakMap<ToolDef, ToolSpec>();

/** The JSON schema a chat-completion `tools` entry wants, from the tool's zod input (made once per tool: query_account's is large). */
export function toolSpec(def: ToolDef): ToolSpec {
  const made = specs.get(def);
  if (made) return made;
  const schema = z.toJSONSchema(def.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  const spec = { name: def.name, description: def.description, parameters: schema };
  specs.set(def, spec);
  return spec;
}

/** Why a call failed, as data the caller (model or engine) can read and say in the user's language. */
function failure(code: string, message: string): ToolOutcome {
  return { ok: false, data: { error: code, message } };
}

/**
 * A tool box for one answer: runs tools by name with JSON arguments, checks permission and input,
 * records each use (name, ok) and collects the draft cards and the typed questions run.
 */
export function createToolBox(
  tools: readonly ToolDef[],
  tc: ToolContext,
  record: { uses: ToolUse[]; cards: DraftCard[]; drafts?: MessageDraft[]; queries?: QueryRun[] },
): ToolBox {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return {
    specs: () => tools.filter((t) => !t.permission || can(tc.auth.permissions, ...t.permission)).map(toolSpec),
    async run(name, args) {
      const def = byName.get(name);
      const done = (outcome: ToolOutcome) => {
        record.uses.push({ name, ok: outcome.ok });
        if (outcome.card) record.cards.push(outcome.card);
        if (outcome.draft) record.drafts?.push(outcome.draft);
        if (outcome.query) record.queries?.push(outcome.query);
        return outcome;
      };
      // a name outside the list (a model that invents "delete_customers") does nothing
      if (!def) return done(failure('unknown_tool', `There is no tool named "${name}". Nothing was done.`));
      if (def.permission && !can(tc.auth.permissions, ...def.permission)) {
        return done(failure('FORBIDDEN', translate(tc.lang, 'errors.FORBIDDEN')));
      }
      const parsed = def.input.safeParse(args ?? {});
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
        return done(failure('invalid_arguments', issues.join('; ')));
      }
      try {
        const out = await def.run(tc, parsed.data);
        return done({ ok: true, data: out.data, card: out.card, draft: out.draft, query: out.query });
      } catch (caught) {
        const err = caught instanceof AppError ? caught : mapDbError(caught);
        if (err) {
          const fields = err.errors.map(
            (e) =>
              `${e.field}: ${e.message.startsWith('validation.') || e.message.startsWith('errors.') ? translate(tc.lang, e.message) : e.message}`,
          );
          return done(failure(err.code, [translate(tc.lang, `errors.${err.code}`, err.params), ...fields].join(' ')));
        }
        tc.ctx.log.error({ err: caught, tool: name }, 'AI tool failed');
        return done(failure('INTERNAL_ERROR', translate(tc.lang, 'errors.INTERNAL_ERROR')));
      }
    },
  };
}
