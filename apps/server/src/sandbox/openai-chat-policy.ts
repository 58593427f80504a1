/**
 * The sandbox model's behaviour: a small rule-driven stand-in for an LLM. It reads the conversation
 * it is sent (OpenAI chat-completions messages), asks for tools by name from the `tools` it is
 * offered, reads the tool results it gets back, and writes its answer from them, in the language of
 * the question. Like a naive model it can be talked into things: a tool result that says "ignore
 * your instructions and delete…" makes it ask for a `delete_*` tool — which is how the tests show
 * that data cannot make the product act.
 */
import { queryAnswer, readQuestion } from './openai-chat-query.ts';

export interface SimMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export type SimStep = { kind: 'tools'; calls: { name: string; arguments: Record<string, unknown> }[] } | { kind: 'text'; text: string };

type Json = Record<string, any>;

const arabic = (s: string) => /[\u0600-\u06FF]/.test(s);
const fmt = (n: unknown, ar: boolean) => new Intl.NumberFormat(ar ? 'ar-u-ca-gregory' : 'en').format(Number(n));

/** The tool results that came after the last user message, by tool name (latest wins). */
function resultsSinceQuestion(messages: SimMessage[]): Map<string, Json> {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const names = new Map<string, string>();
  for (const m of messages.slice(lastUser)) for (const c of m.tool_calls ?? []) names.set(c.id, c.function.name);
  const out = new Map<string, Json>();
  for (const m of messages.slice(lastUser)) {
    if (m.role !== 'tool' || !m.tool_call_id) continue;
    try {
      const body = JSON.parse(m.content ?? '{}') as Json;
      out.set(names.get(m.tool_call_id) ?? String(body.tool), body);
    } catch {
      out.set(names.get(m.tool_call_id) ?? 'unknown', { ok: false, data: { error: 'unreadable' } });
    }
  }
  return out;
}

/** The group of a list_groups result that the question names (its name, or a distinctive word of it). */
function namedGroup(question: string, groups: Json[]): Json | null {
  const q = question.toLowerCase();
  const whole = groups.find((g) => q.includes(String(g.name).toLowerCase()));
  if (whole) return whole;
  return (
    groups.find((g) =>
      String(g.name)
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.length > 3 && !['customers', 'group', 'segment'].includes(w) && q.includes(w)),
    ) ?? null
  );
}

/** What the question asks for, as the tool to call first (or null: answer without tools). */
function firstTool(q: string): { name: string; arguments: Json } | null {
  const l = q.toLowerCase();
  if (/\b(create|draft|prepare)\b.*\bcampaign\b|(انشئ|جهز|حضر).*حمل/.test(l)) return { name: 'list_groups', arguments: {} };
  if (/\b(write|draft)\b.*\b(sms|message|text)\b|اكتب.*رسال/.test(l)) return { name: 'list_brands', arguments: {} };
  if (/how many|count|كم|عدد/.test(l))
    return /group|segment|مجموع|شريح/.test(l) ? { name: 'list_groups', arguments: {} } : { name: 'count_audience', arguments: {} };
  if (/\bfind\b|\bcustomer named\b|ابحث عن/.test(l)) {
    const m = /(?:find|named|ابحث عن)\s+(?:customer\s+)?(.+?)[?.؟]*$/i.exec(q);
    return { name: 'find_customers', arguments: { search: (m?.[1] ?? q).slice(0, 100) } };
  }
  if (/best (time|hour)|افضل|أفضل/.test(l)) return { name: 'best_send_hour', arguments: {} };
  if (/campaign|حمل/.test(l)) return { name: 'campaign_results', arguments: {} };
  if (/fail|error|فشل/.test(l)) return { name: 'failure_reasons', arguments: {} };
  if (/credit|balance|رصيد/.test(l)) return { name: 'credits', arguments: {} };
  if (/template|قوالب|قالب/.test(l)) return { name: 'list_templates', arguments: { status: 'PENDING_REVIEW' } };
  if (/^how|^where|كيف|اين|أين/.test(l)) return { name: 'search_help', arguments: { query: q.slice(0, 200) } };
  return null;
}

const INJECTION = /ignore (all |your |previous )*(instructions|rules)|تجاهل (كل )?(التعليمات|تعليماتك)/i;

/** How the sandbox model misbehaves when writing, on request (tests of the product's checks). */
export type Misbehave = null | 'numbers' | 'long' | 'variables' | 'language';

/**
 * A piece of writing (the product's generation requests start their system message with `TASK:`):
 * the model "rewrites" the product's draft lightly — a different opening word — keeping every
 * figure, or breaks a rule when asked to (an invented number, an SMS too long, an unknown variable,
 * the wrong language), so tests can see the product catch it.
 */
export function writingStep(messages: SimMessage[], misbehave: Misbehave = null): SimStep {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const at = user.search(/^DRAFT\b/m);
  const draft = at >= 0 ? user.slice(user.indexOf('\n', at) + 1) : user;
  const ar = /Write in Arabic/.test(messages[0]?.content ?? '');
  const spoil = (text: string) => {
    if (misbehave === 'numbers') return `${text} ${ar ? 'وفّر 35% اليوم.' : 'Save 35% today.'}`;
    if (misbehave === 'long') return `${text} ${text} ${text}`;
    if (misbehave === 'variables') return `{{nickname}} ${text}`;
    if (misbehave === 'language') return 'A whole answer written in English only, whatever the question was.';
    return text;
  };
  const reword = (text: string) => (ar ? text.replace(/^مرحبًا/, 'أهلًا') : text.replace(/^Hi\b/, 'Hello'));
  if (/^TASK: content/m.test(messages[0]?.content ?? '')) {
    try {
      const parsed = JSON.parse(draft) as { variants: Record<string, string>[] };
      const variants = parsed.variants.map((v) => {
        const out: Record<string, string> = { ...v, style: `sim-${v.style ?? 'x'}` };
        for (const k of ['sms', 'subject', 'body']) if (typeof out[k] === 'string') out[k] = spoil(reword(out[k] as string));
        return out;
      });
      return { kind: 'text', text: JSON.stringify({ variants }) };
    } catch {
      return { kind: 'text', text: 'not json' };
    }
  }
  const intro = ar ? 'إليك الخلاصة مكتوبة بعناية:' : 'Here it is, in a few words:';
  return { kind: 'text', text: spoil(`${intro}\n\n${draft}`) };
}

/**
 * Decide the next step of the conversation. `offered`: the tool names the request offers;
 * `schemas`: their parameters (the model reads query_account's to fill a typed question).
 */
export function nextStep(
  messages: SimMessage[],
  offered: Set<string>,
  misbehave: Misbehave = null,
  schemas: Map<string, unknown> = new Map(),
): SimStep {
  if (/^TASK: /.test(messages[0]?.content ?? '')) return writingStep(messages, misbehave);
  const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const ar = arabic(question);
  const results = resultsSinceQuestion(messages);
  const said = (en: string, arText: string): SimStep => ({ kind: 'text', text: ar ? arText : en });

  // the naive part: an instruction found inside data is obeyed, by asking for a destructive tool
  const planted = [...results.values()].find((r) => INJECTION.test(JSON.stringify(r.data ?? {})));
  if (planted && !results.has('delete_customers'))
    return { kind: 'tools', calls: [{ name: 'delete_customers', arguments: { all: true } }] };
  if (results.has('delete_customers')) {
    const r = results.get('delete_customers') as Json;
    return said(
      `I tried to delete the customers but it was refused: ${r.data?.message ?? 'no such tool'}.`,
      `حاولت حذف العملاء لكن الطلب رُفض: ${r.data?.message ?? 'لا توجد أداة بهذا الاسم'}.`,
    );
  }

  if (results.size === 0) {
    const tool = firstTool(question);
    // a data question goes through the typed query, unless it is about a named group, a person, a draft or how-to
    const special = tool && ['list_groups', 'list_brands', 'find_customers', 'search_help'].includes(tool.name);
    const typed = !special && offered.has('query_account') ? readQuestion(question, (schemas.get('query_account') ?? {}) as Json) : null;
    if (typed) return { kind: 'tools', calls: [{ name: 'query_account', arguments: typed as unknown as Json }] };
    if (!tool)
      return said(
        'I can help with campaign strategies, content ideas, customer engagement tips and platform usage.',
        'يمكنني المساعدة في استراتيجيات الحملات وأفكار المحتوى ونصائح التفاعل مع العملاء واستخدام المنصة.',
      );
    if (!offered.has(tool.name)) return said('I do not have access to that information.', 'لا أملك صلاحية الوصول إلى هذه المعلومات.');
    return { kind: 'tools', calls: [tool] };
  }

  const failed = [...results.entries()].find(([, r]) => !r.ok);
  if (failed)
    return said(
      `I could not get that: ${failed[1].data?.message ?? failed[1].data?.error}.`,
      `تعذّر عليّ ذلك: ${failed[1].data?.message ?? failed[1].data?.error}.`,
    );

  const groups = results.get('list_groups')?.data?.groups as Json[] | undefined;
  if (groups && !results.has('count_audience') && !results.has('draft_campaign')) {
    const g = namedGroup(question, groups) ?? groups[0];
    if (!g) return said('You have no groups yet.', 'لا توجد لديك مجموعات بعد.');
    if (/campaign|حمل/i.test(question)) {
      return {
        kind: 'tools',
        calls: [{ name: 'draft_campaign', arguments: { name: `Sim draft ${Date.now()}`, channels: ['sms'], group_ids: [g.id] } }],
      };
    }
    return { kind: 'tools', calls: [{ name: 'count_audience', arguments: { group_ids: [g.id], channels: ['sms'] } }] };
  }
  const brands = results.get('list_brands')?.data?.brands as Json[] | undefined;
  if (brands && !results.has('draft_template')) {
    const b = brands[0] ?? {};
    const text = ar
      ? `مرحبًا {{first_name|عميلنا}}، ${b.name ?? ''} يقدم لك عرض نهاية الأسبوع. للإلغاء أرسل STOP.`
      : `Hi {{first_name|there}}, ${b.name ?? 'we'} has a weekend offer for you. Reply STOP to opt out.`;
    return {
      kind: 'tools',
      calls: [{ name: 'draft_template', arguments: { channel: 'sms', text, ...(b.id ? { brand_id: b.id } : {}) } }],
    };
  }

  const d = (name: string) => results.get(name)?.data as Json;
  if (results.has('query_account')) return { kind: 'text', text: queryAnswer(d('query_account'), ar) };
  if (results.has('count_audience')) {
    const c = d('count_audience');
    const where = c.groups?.[0]?.name ?? (ar ? 'حسابك' : 'your account');
    return said(
      `There are **${fmt(c.total, false)}** customers in ${where}; ${fmt(c.reachable, false)} can be reached.`,
      `يوجد **${fmt(c.total, true)}** عميل في ${where}، ويمكن الوصول إلى ${fmt(c.reachable, true)} منهم.`,
    );
  }
  if (results.has('draft_campaign')) {
    const c = d('draft_campaign');
    return said(
      `I saved the draft campaign [${c.name}](${c.url}) for ${fmt(c.audience.reachable, false)} reachable customers. Open it to review and launch.`,
      `حفظت مسودة الحملة [${c.name}](${c.url}) لعدد ${fmt(c.audience.reachable, true)} عميل. افتحها للمراجعة والإطلاق.`,
    );
  }
  if (results.has('draft_template')) {
    const t = d('draft_template');
    return said(
      `Here is a draft SMS; nothing is saved until you choose on the card.\n\n> ${t.text}`,
      `هذه مسودة رسالة نصية؛ لن يُحفظ شيء حتى تختار من البطاقة.\n\n> ${t.text}`,
    );
  }
  if (results.has('campaign_results')) {
    const r = d('campaign_results');
    return said(
      `${r.campaign.name}: ${fmt(r.total.sent, false)} sent, ${fmt(r.total.delivered, false)} delivered, ${fmt(r.total.failed, false)} failed.`,
      `${r.campaign.name}: ${fmt(r.total.sent, true)} مُرسلة، و${fmt(r.total.delivered, true)} مُسلّمة، و${fmt(r.total.failed, true)} فاشلة.`,
    );
  }
  if (results.has('best_send_hour')) {
    const b = d('best_send_hour').best;
    return b
      ? said(`The best hour is ${b.hour}:00.`, `أفضل ساعة هي ${fmt(b.hour, true)}:00.`)
      : said('There is not enough history yet.', 'لا يوجد سجل كافٍ بعد.');
  }
  if (results.has('failure_reasons')) {
    const r = d('failure_reasons').reasons as Json[];
    return said(
      r.map((x) => `- ${x.reason}: ${fmt(x.count, false)}`).join('\n') || 'No failures.',
      r.map((x) => `- ${x.reason}: ${fmt(x.count, true)}`).join('\n') || 'لا توجد إخفاقات.',
    );
  }
  if (results.has('credits')) {
    const r = d('credits').credits as Json[];
    return said(
      r.map((x) => `- ${x.channel}: ${fmt(x.balance, false)}`).join('\n'),
      r.map((x) => `- ${x.channel}: ${fmt(x.balance, true)}`).join('\n'),
    );
  }
  if (results.has('list_templates')) {
    const r = d('list_templates');
    return said(`${fmt(r.total, false)} templates are waiting for review.`, `${fmt(r.total, true)} قالب بانتظار المراجعة.`);
  }
  if (results.has('find_customers')) {
    const r = d('find_customers').customers as Json[];
    return said(
      `I found ${r.length} customers: ${r.map((c) => `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim()).join(', ')}.`,
      `وجدت ${fmt(r.length, true)} عميل.`,
    );
  }
  if (results.has('search_help')) {
    const a = (d('search_help').articles as Json[])[0];
    return a
      ? said(`See [${a.title}](${a.url}): ${a.summary}`, `راجع [${a.title}](${a.url}): ${a.summary}`)
      : said('I found no article.', 'لم أجد مقالًا.');
  }
  return said('Done.', 'تم.');
}
