/**
 * From read items to the typed question's parts: which entity it is about, and the filters its
 * words stand for — each placed only where the catalogue says the entity has that field, else left
 * for the coverage rule to name. Names that fit two fields (a city that is also a tag), or two
 * names a word could be, are kept for a question back instead of a guess.
 */
import type { QueryEntity, QueryFilter } from '@risala/shared/schemas/ai-query';
import { QUERY_CATALOGUE } from '../query/index.ts';
import type { EntityDef, Vocabulary } from '../query/index.ts';
import type { Item } from './items.ts';
import type { Sense, ValueOption } from './senses.ts';

export interface Placed {
  filter: QueryFilter;
  /** the item the filter's value came from */
  at: number;
}

export interface Clarify {
  raw: string;
  options: ValueOption[];
}

export interface State {
  items: readonly Item[];
  /** items placed in the question (the coverage rule reads it) */
  used: Set<number>;
  entity: QueryEntity | null;
  /** where the entity was named (share conditions come after it) */
  entityAt: number;
  filters: Placed[];
  clarify: Clarify | null;
  /** item indexes of entity words that name a second entity, left for the measure step to place */
  others: { entity: QueryEntity; at: number }[];
  /** "and" / "both" joining two values of a field a row may hold several of: all of them, not either — unplaced */
  allOf?: number[];
}

const is = (item: Item | undefined, t: Sense['t']) => Boolean(item?.senses.some((s) => s.t === t));
const firstSense = <K extends Sense['t']>(item: Item | undefined, t: K) =>
  item?.senses.find((s) => s.t === t) as Extract<Sense, { t: K }> | undefined;

/** The vocabulary list behind a name option ("@cities") and the entity's field that takes it. */
export function fieldForList(def: EntityDef, list: string): string | null {
  const name = list.slice(1) as keyof Vocabulary;
  for (const [field, f] of Object.entries(def.fields)) if (f.vocabulary === name) return field;
  return null;
}

/** The entity a list's names belong to, when a name is the only hint of what is asked. */
const ENTITY_OF_LIST: Record<string, QueryEntity> = {
  '@groups': 'customers',
  '@cities': 'customers',
  '@countries': 'customers',
  '@tags': 'customers',
  '@campaigns': 'campaigns',
  '@templates': 'templates',
  '@whatsapp_templates': 'whatsapp_templates',
  '@senders': 'senders',
  '@brands': 'brands',
  '@failure_reasons': 'messages',
};
/** Entity words that, beside one of their own names, only mark it ("the Demo customers group"). */
const LIST_OF_ENTITY: Partial<Record<QueryEntity, string>> = {
  groups: '@groups',
  campaigns: '@campaigns',
  templates: '@templates',
  whatsapp_templates: '@whatsapp_templates',
  senders: '@senders',
  brands: '@brands',
};

const VERBS: Sense['t'][] = ['consent', 'reach', 'outcome', 'sent', 'marker'];
const RELATIVES_AR = new Set(['اللي', 'الي', 'اللى', 'الذين', 'التي', 'الذي', 'يلي']);
/** After the question has started, "ما" before a field or a value is "not" too ("اللي ما وافقوا على الواتساب"). */
const NEGATED_LATE: Sense['t'][] = ['field', 'value', 'with', 'name'];
/** "not", or the spoken "ما" before a verb ("ما وافق", "ما وصلت"); "ما" opening a question is "what". */
export const negates = (items: readonly Item[], at: number): boolean =>
  is(items[at], 'not') ||
  // "اللي ما …", "اللي ما هم نشطين": after a relative pronoun, ما is always "not"
  (at > 0 && /^ما( هم| هي| هو)?$/.test(items[at]?.text ?? '') && RELATIVES_AR.has(items[at - 1]?.text ?? '')) ||
  (at > 0 &&
    items[at]?.text === 'ما' &&
    (VERBS.some((t) => is(items[at + 1], t)) ||
      (items.slice(0, at).some((x) => !x.stop && !is(x, 'measure')) && NEGATED_LATE.some((t) => is(lookAhead(items, at), t)))));

/** The next item that is not a stop word or a filler ("ما فيها اختبار A/B"). */
const lookAhead = (items: readonly Item[], at: number): Item | undefined =>
  items.slice(at + 1, at + 3).find((x) => !x.stop && !is(x, 'filler')) ?? items[at + 1];

/** Fields a row may hold several values of, and the words that ask for all of them. */
const MANY = new Set(['tag', 'group']);
const ALL_OF = new Set(['and', 'و']);
const BOTH = new Set(['both', 'كلا', 'كلتا', 'الاثنين', 'الاتنين', 'الثنين']);

/** Words that join two values of one field ("or", "and", "nor"). */
const JOINERS = new Set(['or', 'and', 'nor', 'او', 'ولا', 'و']);

const CUSTOMER_HINTS: Sense['t'][] = ['consent', 'reach'];
const MESSAGE_HINTS: Sense['t'][] = ['outcome', 'sent', 'when', 'why', 'rate'];

/** Chooses the entity: the one named first after a measure word, else inferred from the other words. */
export function chooseEntity(st: State): void {
  const { items } = st;
  const named: { entity: QueryEntity; at: number }[] = [];
  for (const [at, item] of items.entries()) {
    // a word is an entity word unless it also says something narrower ("SMS" is the channel, "delivery"
    // an outcome, "send" the sending)
    const narrower: Sense['t'][] = ['value', 'outcome', 'name', 'sent', 'action'];
    const e = item.senses.some((s) => narrower.includes(s.t)) ? undefined : firstSense(item, 'entity');
    if (!e) continue;
    // "SMS templates", "email senders": a channel before another entity word only says which ones
    const channel = item.senses.some((s) => s.t === 'value' && s.options.some((o) => o.field === 'channel'));
    if (channel && is(items[at + 1], 'entity')) continue;
    // "the Demo customers group", "Weekend offer campaign": the word beside the name only marks it
    const list = LIST_OF_ENTITY[e.entity];
    const beside = [items[at - 1], items[at + 1]].some((x) =>
      x?.senses.some((s) => s.t === 'name' && s.options.some((o) => o.field === list)),
    );
    if (list && beside) {
      st.used.add(at);
      continue;
    }
    if (!named.some((n) => n.entity === e.entity)) named.push({ entity: e.entity, at });
    else st.used.add(at);
  }
  // "in my account": the account is only where the rest is, when something else is asked about
  const account = named.find((n) => n.entity === 'account');
  if (account && named.length > 1) {
    st.used.add(account.at);
    named.splice(named.indexOf(account), 1);
  }
  // "when should I text my customers / send my campaigns", "why did they not get it": the messages
  const about = named[0]?.entity;
  if (items.some((x) => is(x, 'when') || is(x, 'why')) && named.length === 1 && (about === 'customers' || about === 'campaigns')) {
    st.used.add(named[0].at);
    named.splice(0, 1);
  }
  if (named.length > 0) {
    const afterMeasure = named.find((n) => is(items[n.at - 1], 'measure') || is(items[n.at - 2], 'measure'));
    const primary = afterMeasure ?? (named[0] as { entity: QueryEntity; at: number });
    st.entity = primary.entity;
    st.entityAt = primary.at;
    st.used.add(primary.at);
    st.others = named.filter((n) => n !== primary);
    return;
  }
  st.entity = inferEntity(items);
}

/** Fields only one entity has: naming them says what is asked about. */
const FIELD_ENTITY: Record<string, QueryEntity> = {
  reason: 'messages',
  hour: 'messages',
  weekday: 'messages',
  city: 'customers',
  country: 'customers',
  tag: 'customers',
  language: 'customers',
};

/** Names whose rows send messages: "how many SMS did RisalaDemo send" counts the messages, not the senders. */
const SENDING = new Set<QueryEntity>(['senders', 'campaigns', 'templates']);

function inferEntity(items: readonly Item[]): QueryEntity | null {
  const sending = items.some((x) => is(x, 'sent'));
  for (const item of items) {
    for (const s of item.senses) {
      if (s.t !== 'name') continue;
      const e = ENTITY_OF_LIST[s.options[0]?.field ?? ''];
      if (e && sending && SENDING.has(e)) return 'messages';
      if (e) return e;
    }
  }
  for (const item of items) {
    // a word that is also a field or a filler ("country", "use") names no entity by itself
    const q = item.senses.some((s) => s.t === 'field' || s.t === 'filler') ? undefined : firstSense(item, 'quantity');
    if (q) return q.entities[0] ?? null;
  }
  for (const item of items) {
    for (const s of item.senses) {
      if (s.t === 'value' && s.options.some((o) => ['language', 'city', 'country', 'tag', 'mobile'].includes(o.field))) return 'customers';
      if (CUSTOMER_HINTS.includes(s.t)) return 'customers';
    }
  }
  for (const item of items) {
    for (const s of item.senses) {
      if (MESSAGE_HINTS.includes(s.t)) return 'messages';
      if (s.t === 'value' && s.options[0]?.field === 'channel') return 'messages';
    }
  }
  for (const item of items) {
    const f = firstSense(item, 'field');
    if (f && FIELD_ENTITY[f.field]) return FIELD_ENTITY[f.field] as QueryEntity;
  }
  // "new customers last month": joining is what customers do (the word stays unplaced without a period)
  if (items.some((x) => firstSense(x, 'marker')?.fields.includes('created'))) return 'customers';
  return null;
}

const CHANNELS = ['sms', 'email', 'whatsapp'] as const;

/** Whether the entity takes this filter value (an enum's value, a bool, "has an email"). */
function accepts(def: EntityDef, o: ValueOption): boolean {
  const f = def.fields[o.field];
  if (!f) return false;
  if (f.type === 'enum') return Boolean(f.values?.includes(String(o.value)));
  if (f.type === 'bool') return typeof o.value === 'boolean';
  if (typeof o.value === 'boolean') return f.ops.includes('exists');
  return true;
}

function filterOf(def: EntityDef, o: ValueOption, negated: boolean): QueryFilter {
  const f = def.fields[o.field];
  if (f?.type === 'bool') return { field: o.field, op: 'eq', value: negated ? !o.value : (o.value as boolean) };
  if (typeof o.value === 'boolean') return { field: o.field, op: o.value !== negated ? 'exists' : 'not_exists' };
  return { field: o.field, op: negated ? 'neq' : 'eq', value: o.value };
}

/** Places the filter words: values, names, consent, "with / without" a field. */
export function placeFilters(st: State): void {
  const { items, entity } = st;
  if (!entity) return;
  const def = QUERY_CATALOGUE[entity];
  const add = (filter: QueryFilter, at: number) => {
    // two values of one field: either of them ("in Riyadh or Jeddah")
    const list = filter.op === 'eq' ? 'in' : filter.op === 'neq' ? 'not_in' : null;
    const same = list
      ? st.filters.find((p) => p.filter.field === filter.field && (p.filter.op === filter.op || p.filter.op === list))
      : undefined;
    st.used.add(at);
    // "tagged vip and newsletter", "in both groups": a row holds several tags or groups, so "and"
    // asks for all of them, which the question cannot say (it says either); named, never widened
    if (same && list && MANY.has(filter.field)) {
      const from = Math.min(same.at, at);
      const allOf = st.allOf ?? [];
      for (let j = 0; j < at; j++) {
        const x = items[j] as Item;
        if ((j > from && ALL_OF.has(x.text)) || BOTH.has(x.text)) allOf.push(j);
      }
      st.allOf = allOf;
    }
    if (same && list) {
      const before = (Array.isArray(same.filter.value) ? same.filter.value : [same.filter.value]) as (string | number | boolean)[];
      if (!before.includes(filter.value as string))
        same.filter = { field: filter.field, op: list, value: [...before, filter.value as string] };
    } else st.filters.push({ filter, at });
  };
  const consentAt = items.findIndex((x) => is(x, 'consent') || is(x, 'reach'));
  // "both SMS and email consent": a channel beside a consent field's own name is that channel's consent
  const consentNamedAt = items.findIndex((x) => firstSense(x, 'field')?.field.startsWith('consent_'));
  // … only for channels listed right before it ("SMS and email consent"), not "an email and SMS consent"
  const listedBefore = (at: number) =>
    consentNamedAt > at &&
    items
      .slice(at + 1, consentNamedAt)
      .every((x) => x.stop || JOINERS.has(x.text) || x.senses.some((s) => s.t === 'value' && s.options[0]?.field === 'channel'));
  const consentCue = (at: number) => (consentAt >= 0 ? consentAt : listedBefore(at) ? consentNamedAt : -1);
  // "accept SMS but not email": each channel takes the consent verb nearest before it
  const consentBefore = (at: number) => {
    for (let j = at - 1; j >= Math.max(0, at - 4); j--) if (is(items[j], 'consent') || is(items[j], 'reach')) return j;
    return consentAt;
  };
  let negate = -1;
  // "not in Jeddah or Dammam": a negated value's field, so a second value joined to it is negated too
  let negatedLast: { field: string; at: number } | null = null;
  const joined = (at: number) => {
    const last = negatedLast;
    if (!last || !items.slice(last.at + 1, at).every((x) => x.stop || JOINERS.has(x.text))) return false;
    const fields = (items[at] as Item).senses.flatMap((s) =>
      s.t === 'value' ? s.options.map((o) => o.field) : s.t === 'name' ? s.options.map((o) => fieldForList(def, o.field)) : [],
    );
    return fields.includes(last.field);
  };
  for (const [at, item] of items.entries()) {
    // the entity's own word may carry a value too ("SMS" is the messages and the channel)
    if (st.used.has(at) && at !== st.entityAt) continue;
    // outcomes (delivered, failed, read) are the measure step's: a rate's subject or a filter
    if (is(item, 'outcome')) continue;
    if (negates(items, at)) {
      negate = at;
      // "opted out": consent and not at once
      if (!is(item, 'consent')) continue;
    }
    const carried = joined(at);
    // a negation binds to the first value after it: verbs and stop words may stand between ("not in
    // Riyadh", "don't speak English", "ما وافقوا على الواتساب"), another value may not ("ما عندهم
    // ايميل بدبي" negates the email, not Dubai)
    const between = negate >= 0 ? items.slice(negate + 1, at) : [];
    const bound =
      negate >= 0 && at - negate <= 3 && !between.some((x) => !x.stop && x.senses.some((s) => s.t === 'value' || s.t === 'name'));
    const negated = bound || carried;
    const consumeNegation = () => {
      const last = st.filters[st.filters.length - 1];
      if (negated && last) negatedLast = { field: last.filter.field, at };
      else negatedLast = null;
      if (negated && negate >= 0) {
        st.used.add(negate);
        negate = -1;
      }
    };
    // "يقبلون الايميل": the e-mail field's word after a consent verb is the channel
    const asChannel = firstSense(item, 'field')?.field === 'email' && consentAt >= 0 && def.fields.consent_email;
    if (asChannel && !firstSense(item, 'value')) {
      const c = consentBefore(at);
      add({ field: 'consent_email', op: 'eq', value: !(negated || is(items[c], 'not')) }, at);
      st.used.add(c);
      consumeNegation();
      continue;
    }
    // "القوالب تبع الايميل": the e-mail field's word on something with channels is the channel
    if (firstSense(item, 'field')?.field === 'email' && !firstSense(item, 'value') && def.fields.channel && !def.fields.email) {
      add(filterOf(def, { field: 'channel', value: 'email' }, negated), at);
      consumeNegation();
      continue;
    }
    const value = firstSense(item, 'value');
    if (value && (at !== st.entityAt || value.options.some((o) => o.field === 'channel'))) {
      const channel = value.options.find((o) => o.field === 'channel')?.value as (typeof CHANNELS)[number] | undefined;
      if (channel && !def.fields.channel && consentCue(at) >= 0 && def.fields[`consent_${channel}`]) {
        const c = consentAt >= 0 ? consentBefore(at) : consentCue(at);
        add({ field: `consent_${channel}`, op: 'eq', value: !(negated || is(items[c], 'not')) }, at);
        if (consentAt >= 0) st.used.add(c);
        consumeNegation();
        continue;
      }
      const option = value.options.find((o) => accepts(def, o));
      if (option) {
        add(filterOf(def, option, negated), at);
        consumeNegation();
      }
      continue;
    }
    const name = firstSense(item, 'name');
    if (name) {
      const fits = item.senses
        .filter((s): s is Extract<Sense, { t: 'name' }> => s.t === 'name')
        .flatMap((s) => s.options)
        .map((o) => ({ field: fieldForList(def, o.field), value: o.value }))
        .filter((o): o is { field: string; value: string } => o.field !== null);
      const distinct = fits.filter((o, i) => fits.findIndex((x) => x.field === o.field && x.value === o.value) === i);
      if (distinct.length > 1) {
        st.clarify ??= { raw: item.raw, options: distinct };
        st.used.add(at);
      } else if (distinct[0]) {
        add(filterOf(def, distinct[0], negated), at);
        consumeNegation();
      }
      continue;
    }
    const field = firstSense(item, 'field');
    if (field && def.fields[field.field]?.type === 'bool') {
      add({ field: field.field, op: 'eq', value: !negated }, at);
      consumeNegation();
      continue;
    }
    // "more than 100 members", "at least 50 credits"
    const cmp = firstSense(item, 'compare');
    const n = items[at + 1]?.token?.kind === 'number' ? (items[at + 1]?.token?.value as number) : null;
    if (cmp && n !== null) {
      const qAt = [at + 2, at - 1].find((i) => {
        const q = firstSense(items[i], 'quantity');
        return q && def.fields[q.of]?.type === 'number';
      });
      const q = qAt === undefined ? undefined : firstSense(items[qAt], 'quantity');
      if (q && qAt !== undefined) {
        add({ field: q.of, op: cmp.op, value: cmp.strict ? n + (cmp.op === 'gte' ? 1 : -1) : n }, at);
        st.used.add(at + 1);
        st.used.add(qAt);
      }
    }
  }
  // "with a tag", "without an email": a field with no value said is set (or not)
  for (const [at, item] of items.entries()) {
    const field = firstSense(item, 'field');
    const fieldDef = field ? def.fields[field.field] : undefined;
    if (!field || !fieldDef || st.used.has(at) || st.filters.some((p) => p.filter.field === field.field)) continue;
    const withAt = [at - 1, at - 2].find((i) => is(items[i], 'with') || is(items[i], 'not'));
    if (withAt === undefined || !fieldDef.ops.includes('exists')) continue;
    // "do not have any tags": the "not" before the "have any"
    const notAt = is(items[withAt], 'with') && is(items[withAt - 1], 'not') && !st.used.has(withAt - 1) ? withAt - 1 : -1;
    add({ field: field.field, op: is(items[withAt], 'not') || notAt >= 0 ? 'not_exists' : 'exists' }, at);
    st.used.add(withAt);
    if (notAt >= 0) st.used.add(notAt);
  }
  // consent named without its channel: which one?
  if (consentAt >= 0 && !st.used.has(consentAt) && CHANNELS.every((c) => def.fields[`consent_${c}`])) {
    st.clarify ??= { raw: (items[consentAt] as Item).raw, options: CHANNELS.map((c) => ({ field: `consent_${c}`, value: true })) };
    st.used.add(consentAt);
  }
  // a field named beside its own value ("the city of Jeddah"), a marker before it ("who speak Arabic")
  for (const [at, item] of items.entries()) {
    if (st.used.has(at)) continue;
    const f = firstSense(item, 'field');
    const m = firstSense(item, 'marker');
    const near = st.filters.filter((p) => Math.abs(p.at - at) <= 3);
    if (f && near.some((p) => p.filter.field === f.field)) st.used.add(at);
    if (m && st.filters.some((p) => m.fields.includes(p.filter.field))) st.used.add(at);
  }
}
