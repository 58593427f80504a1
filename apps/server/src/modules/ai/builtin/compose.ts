/**
 * The built-in engine's answers from a question as run: the figure or the rows said with the
 * question in words, so the reader sees what was counted; a "best" bucket only with its sample
 * and confidence (lib/stats); and, when the question could not be run as asked, what was
 * understood, what was not, and questions it can answer — never a broader figure.
 */
import type { QueryRun, Question } from '@risala/shared/schemas/ai-query';
import { type Bucket, judgeBest } from '../../../lib/stats.ts';
import { describeQuestion, QUERY_CATALOGUE, valueWords } from '../query/index.ts';
import type { ParseOutcome, Understood } from './parse.ts';
import { md, type Phrases } from './phrases.ts';

/** Rows shown in an answer; the rest is a link to the screen. */
const SHOWN = 20;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function figure(run: QueryRun, value: number | string, p: Phrases): string {
  if (typeof value === 'string') return md(value);
  switch (run.unit) {
    case 'percent':
      return p.pct(value);
    case 'sar':
      return p.sar(value);
    case 'credits':
    case 'count':
      return p.n(value, 2);
    default:
      return p.n(value, 2);
  }
}

/** The answer to a question as run. */
export function composeRun(run: QueryRun, p: Phrases, focus: 'best' | null = null): string {
  const what = capital(run.words);
  const link = run.url ? `\n\n${p.t('answer.open', { url: run.url })}` : '';
  if (focus === 'best' && run.question.group_by) return composeBest(run, p) + link;
  if (run.question.measure.kind === 'list' || run.question.group_by) {
    if (run.rows.length === 0) return p.t('answer.none', { what }) + link;
    const lines = run.rows.slice(0, SHOWN).map((r) => {
      const label = md(r.label);
      if (r.value === null || r.value === undefined) return `- ${label}`;
      const sample = run.unit === 'percent' && typeof r.sample === 'number' ? ` (${p.t('answer.of', { n: p.n(r.sample) })})` : '';
      return `- ${label}: **${figure(run, r.value, p)}**${sample}`;
    });
    const total = typeof run.total === 'number' ? run.total : run.rows.length;
    const shown = Math.min(run.rows.length, SHOWN);
    const more = total > shown ? `\n\n${p.t('answer.more', { n: p.n(total - shown) })}` : '';
    // a list says how many it found; credits per channel add up to the balance asked for
    const lead =
      run.question.measure.kind === 'list' && !run.question.rank
        ? p.t('answer.rowsCount', { what, n: p.n(total) })
        : p.t('answer.rows', { what });
    const sum = run.question.entity === 'credits' && run.rows.length > 1 ? run.rows.reduce((n, r) => n + (r.value ?? 0), 0) : null;
    const totalLine = sum === null ? '' : `\n\n${p.t('answer.total', { value: figure(run, sum, p) })}`;
    return `${lead}\n\n${lines.join('\n')}${totalLine}${more}${link}`;
  }
  if (run.value === null || run.value === undefined) return p.t('answer.noValue', { what }) + link;
  const value = figure(run, run.value, p);
  const sample = run.unit === 'percent' && typeof run.sample === 'number' ? p.t('answer.of', { n: p.n(run.sample) }) : null;
  return (sample ? p.t('answer.valueOf', { what, value, sample }) : p.t('answer.value', { what, value })) + link;
}

/**
 * "Best hour / day / channel": named only when the buckets compared hold enough messages and the
 * best enough events, with its 95% interval; a lead within the margin is said to be one; below the
 * minimum, what is missing and what would give it.
 */
export function composeBest(run: QueryRun, p: Phrases): string {
  const q = run.question;
  const order = q.rank?.order ?? 'desc';
  const buckets: Bucket[] = run.rows
    .filter((r) => typeof r.value === 'number' && typeof r.sample === 'number')
    .map((r) => ({
      key: r.key,
      label: r.label,
      sample: r.sample as number,
      events: Math.round(((r.value as number) * (r.sample as number)) / 100),
    }));
  const verdict = judgeBest(buckets, order);
  const of = q.measure.of ?? 'opened';
  const bucket = p.t(`best.bucket.${q.group_by}`);
  const buckets_ = p.t(`best.buckets.${q.group_by}`);
  const metric = p.t(`best.metric.${of}`);
  const pc = (x: number) => p.pct(Math.round(x * 1000) / 10);
  if (verdict.kind === 'insufficient') {
    // the minimum is spelt in words in the catalogue (thirty), and no partial figure is given: an
    // answer that cannot name a best states no number that could be read as one
    const most = verdict.most && verdict.most.events > 0 ? p.t('best.mostSoFar', { bucket }) : p.t('best.noneSoFar', { metric });
    return p.t('best.insufficient', { bucket, buckets: buckets_, metric, most });
  }
  const params = {
    bucket,
    metric,
    best: md(verdict.best.label),
    rate: pc(verdict.best.rate),
    low: pc(verdict.best.interval.low),
    high: pc(verdict.best.interval.high),
    events: p.n(verdict.best.events),
    sample: p.n(verdict.best.sample),
    next: md(verdict.next.label),
    nextRate: pc(verdict.next.rate),
    compared: p.n(verdict.compared),
  };
  const key = `best.${verdict.kind}${order === 'asc' ? 'Low' : ''}`;
  return p.t(key, params);
}

/** What was understood of a question that was not run, in words ("customers · city = Jeddah"). */
export function understoodWords(u: Understood, p: Phrases): string | null {
  if (!u.entity) return null;
  const q: Question = {
    entity: u.entity,
    measure: { kind: 'count' },
    filters: u.filters,
    ...(u.group_by ? { group_by: u.group_by } : {}),
    ...(u.period ? { period: u.period } : {}),
  };
  const countWord = describeQuestion({ entity: 'customers', measure: { kind: 'count' }, filters: [] }, p.lang)
    .split(' · ')
    .pop();
  return describeQuestion(q, p.lang)
    .split(' · ')
    .filter((part) => part !== countWord)
    .join(' · ');
}

/** "I can't answer that exactly": what was understood, what was not, and what it can answer instead. */
export function composeCannot(outcome: Extract<ParseOutcome, { kind: 'cannot' }>, p: Phrases, reason?: string): string {
  const parts = [p.t('cannot.lead')];
  if (outcome.unsupported) parts.push(p.t(`cannot.unsupported.${outcome.unsupported}`));
  if (reason) parts.push(md(reason));
  const understood = understoodWords(outcome.understood, p);
  if (understood) parts.push(p.t('cannot.understood', { words: understood }));
  if (outcome.unplaced.length > 0) parts.push(p.t('cannot.unplaced', { words: p.list(outcome.unplaced.map((w) => `“${md(w)}”`)) }));
  else if (!outcome.unsupported && !reason) parts.push(p.t('cannot.incomplete'));
  parts.push(`${p.t('cannot.try')}\n${outcome.suggestions.map((k) => `- ${p.t(`examples.${k}`)}`).join('\n')}`);
  return parts.join('\n\n');
}

/** A word that could be two things: ask which. */
export function composeClarify(outcome: Extract<ParseOutcome, { kind: 'clarify' }>, p: Phrases): string {
  const entity = outcome.understood.entity;
  const options = outcome.options.map((o) => {
    const def = entity ? QUERY_CATALOGUE[entity].fields[o.field] : undefined;
    const field = def?.words[p.lang][0] ?? o.field;
    return `- ${md(field)} = ${md(valueWords(def, o.field, o.value, p.lang))}`;
  });
  return `${p.t('clarify.lead', { word: md(outcome.word) })}\n\n${options.join('\n')}`;
}

/** A request to change something: the assistant drafts, never acts. */
export function composeRefusal(verb: string, p: Phrases): string {
  return [p.t('refuse.lead', { verb: p.t(`refuse.verb.${verb}`) }), p.t('refuse.instead')].join('\n\n');
}
