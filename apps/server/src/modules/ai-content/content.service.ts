/**
 * Content generation (POST /api/ai/content/generate): message variants for one channel and
 * language, grounded in facts the product gathers (the brand's voice, the objective, the offer read
 * from the marketer's topic and link, the audience's size and languages, a brief). The built-in
 * writer composes them from its phrase banks and the offer — never from the topic's own sentence; a
 * model writes its own from the same facts, and each of its variants that fails a check (parts,
 * variables, opt-out, every word in the language, a number or link not in the facts) is replaced
 * by the built-in one. Nothing is saved: the editor that asked decides.
 */
import { redactContacts } from '@risala/shared/grounding';
import type {
  ContentGenerateInput,
  ContentLanguage,
  ContentResult,
  ContentVariant,
  PlanObjective,
} from '@risala/shared/schemas/ai-content';
import type { Channel } from '@risala/shared/schemas/messages';
import { extractVariables } from '@risala/shared/schemas/templates';
import type { WaComponent } from '@risala/shared/schemas/whatsapp';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  checkVariant,
  composeEmail,
  composeSms,
  composeWhatsapp,
  type CopyBrief,
  countFor,
  extractOffer,
  passes,
  prepareWriter,
  smsParts,
  type Style,
  stylesFor,
  write,
  type Writer,
  whatsappComponents,
} from '../ai/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { findBrand } from '../brands/index.ts';
import { htmlToText, sanitizeEmailHtml } from '../templates/index.ts';
import { briefText } from './briefs.ts';

export interface ContentRequest {
  channel: Channel;
  language: ContentLanguage;
  objective: PlanObjective;
  topic: string;
  link: string | null;
  brand: { id: number | null; name: string; voice_tone: string | null };
  brief: { filename: string; text: string } | null;
  audience: Record<string, unknown> | null;
  variants: number;
  maxParts: number;
}

/** What the built-in writer reads in the marketer's topic (and the link field). */
export const offerOf = (r: Pick<ContentRequest, 'topic' | 'link' | 'brand'>) =>
  extractOffer(r.topic, { brand: r.brand.name, link: r.link });

/** The facts a text may rest on: what the model is given, and what every number is checked against. */
export function contentFacts(r: ContentRequest): Record<string, unknown> {
  const { unplaced: _unplaced, parts: _parts, language: _language, ...offer } = offerOf(r);
  return {
    channel: r.channel,
    language: r.language,
    objective: r.objective,
    brand: { name: r.brand.name, voice_and_tone: r.brand.voice_tone },
    topic: redactContacts(r.topic),
    offer,
    link: r.link,
    ...(r.channel === 'sms' ? { max_sms_parts: r.maxParts } : {}),
    ...(r.audience ? { audience: r.audience } : {}),
    ...(r.brief ? { brief: { filename: r.brief.filename, text: redactContacts(r.brief.text).slice(0, 4000) } } : {}),
  };
}

type WaText = {
  body: string;
  footer: string | null;
  parameters: { index: number; variable: string; example: string }[];
  components: WaComponent[];
};

function variantOf(
  r: ContentRequest,
  index: number,
  style: string,
  text: { sms?: string; email?: { subject: string; preheader: string; html: string; text: string }; whatsapp?: WaText },
  source: 'model' | 'builtin',
  facts: unknown,
): ContentVariant {
  const links = r.link ? [r.link] : [];
  const checks = checkVariant(
    { channel: r.channel, language: r.language, ...text },
    { maxParts: r.maxParts, facts, links, brand: r.brand.name, literals: [offerOf(r).code] },
  );
  const vars = extractVariables(text.sms, text.email?.subject, text.email?.html).variables;
  return {
    index,
    channel: r.channel,
    language: r.language,
    style,
    sms: text.sms !== undefined ? { text: text.sms, ...smsParts(text.sms) } : null,
    email: text.email ?? null,
    whatsapp: text.whatsapp
      ? {
          body: text.whatsapp.body,
          footer: text.whatsapp.footer,
          parameters: text.whatsapp.parameters,
          components: text.whatsapp.components as Record<string, unknown>[],
        }
      : null,
    variables: text.whatsapp ? text.whatsapp.parameters.map((p) => p.variable) : vars,
    source,
    checks,
  };
}

/**
 * The built-in variants, in the order the brand's voice suggests; a style whose text repeats an
 * earlier one (a tight SMS leaves little room) gives way to the next style.
 */
export function builtinVariants(r: ContentRequest, facts = contentFacts(r)): ContentVariant[] {
  const brief: CopyBrief = {
    language: r.language,
    objective: r.objective,
    brand: r.brand.name,
    voice: r.brand.voice_tone,
    offer: offerOf(r),
  };
  const written = (style: Style) => {
    if (r.channel === 'sms') return { sms: composeSms(brief, style, r.maxParts).text };
    if (r.channel === 'email') return { email: composeEmail(brief, style) };
    const w = composeWhatsapp(brief, style);
    return { whatsapp: { body: w.body, footer: w.footer, parameters: w.variables, components: whatsappComponents(w) } };
  };
  const styles = stylesFor(r.brand.voice_tone);
  const texts = styles.map((style) => ({ style, text: written(style) }));
  const distinct = texts.filter((t, i) => texts.findIndex((u) => JSON.stringify(u.text) === JSON.stringify(t.text)) === i);
  const chosen = [...distinct, ...texts.filter((t) => !distinct.includes(t))].slice(0, r.variants);
  return chosen.map((t, i) => variantOf(r, i, t.style, t.text, 'builtin', facts));
}

const SHAPES: Record<Channel, string> = {
  sms: '{"variants": [{"style": "…", "sms": "the SMS text"}]}',
  email: '{"variants": [{"style": "…", "subject": "…", "preheader": "…", "html": "<h1>…</h1><p>…</p>"}]}',
  whatsapp: '{"variants": [{"style": "…", "body": "template body using {{1}} for the first name", "footer": "opt-out line"}]}',
};

function instructions(r: ContentRequest): string {
  const rules: Record<Channel, string> = {
    sms: `SMS: at most ${r.maxParts} part(s) (160 GSM-7 or 70 Unicode characters for one part; 153 or 67 per part when longer), counting each variable as 12–15 characters. Use only {{first_name|fallback}}, {{last_name}}, {{city}} variables. End with an opt-out line containing the word STOP.`,
    email:
      'Email: a subject, a preheader and simple HTML (h1, p, a, strong, ul, li, br only; no scripts, no images). Use {{first_name|fallback}} if you address the reader. Include a sentence saying they can unsubscribe with the link at the end of the email.',
    whatsapp:
      "WhatsApp: a template body in Meta's format where {{1}} is the customer's first name (no other variables), at most 1024 characters, and a footer with an opt-out line containing the word STOP (at most 60 characters).",
  };
  return [
    `Write ${r.variants} different variants of a ${r.objective} message for the brand in FACTS, in its voice and tone, about FACTS.topic, for FACTS.audience if given.`,
    rules[r.channel],
    r.link ? 'Use the link in FACTS.link as the call to action.' : 'There is no link: do not add one.',
    `Answer as JSON: ${SHAPES[r.channel]}`,
  ].join('\n');
}

function parseVariants(text: string): Record<string, unknown>[] | null {
  const body = text
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```\s*$/, '')
    .trim();
  try {
    const json = JSON.parse(body) as { variants?: unknown };
    return Array.isArray(json.variants) ? (json.variants.filter((v) => v && typeof v === 'object') as Record<string, unknown>[]) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A model's variant in our shape, or null when it has nothing usable. */
function modelVariant(r: ContentRequest, v: Record<string, unknown>, index: number, facts: unknown): ContentVariant | null {
  const style = str(v.style).slice(0, 40) || 'model';
  if (r.channel === 'sms') return str(v.sms) ? variantOf(r, index, style, { sms: str(v.sms) }, 'model', facts) : null;
  if (r.channel === 'email') {
    const html = sanitizeEmailHtml(str(v.html));
    if (!str(v.subject) || !html) return null;
    return variantOf(
      r,
      index,
      style,
      { email: { subject: str(v.subject), preheader: str(v.preheader), html, text: htmlToText(html) } },
      'model',
      facts,
    );
  }
  const body = str(v.body);
  if (!body) return null;
  const footer = str(v.footer) || null;
  const example = r.language === 'ar' ? 'سارة' : 'Sara';
  const count = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
  const components: WaComponent[] = [{ type: 'BODY', text: body, example: { body_text: [Array.from({ length: count }, () => example)] } }];
  if (footer) components.push({ type: 'FOOTER', text: footer });
  if (r.link)
    components.push({
      type: 'BUTTONS',
      buttons: [{ type: 'URL', text: r.language === 'ar' ? 'اعرف المزيد' : 'Find out more', url: r.link }],
    });
  const parameters = count ? [{ index: 1, variable: 'first_name', example }] : [];
  return variantOf(r, index, style, { whatsapp: { body, footer, parameters, components } }, 'model', facts);
}

/** Variants from the account's engine; a model's failing variant is replaced by the built-in one of the same place. */
export async function writeVariants(ctx: AppContext, accountId: number, writer: Writer, r: ContentRequest): Promise<ContentResult> {
  const facts = contentFacts(r);
  const builtin = builtinVariants(r, facts);
  const base = {
    engine: writer.provider.engine,
    model: writer.provider.model,
    channel: r.channel,
    language: r.language,
    max_parts: r.maxParts,
    facts,
    unplaced: offerOf(r).unplaced,
  };
  if (writer.provider.engine === 'builtin') return { ...base, variants: builtin, replaced: 0 };
  const draft = JSON.stringify({
    variants: builtin.map((v) => ({
      style: v.style,
      ...(v.sms ? { sms: v.sms.text } : {}),
      ...(v.email ? { subject: v.email.subject, preheader: v.email.preheader, html: v.email.html } : {}),
      ...(v.whatsapp ? { body: v.whatsapp.body, footer: v.whatsapp.footer } : {}),
    })),
  });
  const written = await write(ctx, accountId, writer, {
    feature: 'content',
    task: 'content',
    language: r.language,
    facts,
    draft,
    instructions: instructions(r),
    format: 'json',
  });
  const proposed = written.fallback ? null : parseVariants(written.text);
  let replaced = 0;
  const variants = builtin.map((fallback, i) => {
    const raw = proposed?.[i];
    const mine = raw ? modelVariant(r, raw, i, facts) : null;
    if (mine && passes(mine.checks)) return mine;
    replaced += 1;
    return fallback;
  });
  return { ...base, variants, replaced };
}

/** The audience's size and languages (never contact details): what shapes the wording. */
async function audienceFacts(ctx: AppContext, accountId: number, groupIds: number[], channel: Channel) {
  if (groupIds.length === 0) return null;
  const count = await countFor(ctx.db, accountId, { group_ids: groupIds, exclude_group_ids: [], channels: [channel] });
  const { rows } = await ctx.db.execute<{ id: number; group_name: string }>(sql`
    select id, group_name from customer_groups where account_id = ${accountId} and id = any(${sql.param(groupIds)}::int[])`);
  return { groups: rows.map((g) => g.group_name), customers: count.total, reachable_on_channel: count.by_channel[channel] ?? 0 };
}

export async function contentRequest(ctx: AppContext, auth: AuthContext, input: ContentGenerateInput): Promise<ContentRequest> {
  let brand: ContentRequest['brand'];
  if (input.brand_id) {
    const row = await findBrand(ctx.db, auth.accountId, input.brand_id);
    if (!row) throw new AppError('VALIDATION_ERROR', { errors: [{ field: 'brand_id', message: 'errors.NOT_FOUND' }] });
    brand = { id: row.id, name: row.name, voice_tone: row.voice_tone };
  } else {
    const { rows } = await ctx.db.execute<{ name: string }>(sql`select name from accounts where id = ${auth.accountId}`);
    brand = { id: null, name: rows[0]?.name ?? 'Risala', voice_tone: null };
  }
  return {
    channel: input.channel,
    language: input.language,
    objective: input.objective,
    topic: input.topic,
    link: input.link ?? null,
    brand,
    brief: input.brief_id ? await briefText(ctx.db, auth.accountId, input.brief_id) : null,
    audience: await audienceFacts(ctx, auth.accountId, input.group_ids, input.channel),
    variants: input.variants,
    maxParts: input.channel === 'sms' ? input.max_parts : 1,
  };
}

/** POST /api/ai/content/generate */
export async function generateContent(ctx: AppContext, auth: AuthContext, input: ContentGenerateInput): Promise<ContentResult> {
  const writer = await prepareWriter(ctx, auth.accountId);
  return writeVariants(ctx, auth.accountId, writer, await contentRequest(ctx, auth, input));
}
