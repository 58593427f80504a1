/**
 * The plan, insight and content cases of `npm run eval:ai`, run after the chat questions
 * against the same server and database. Each case is checked here, independently of the server's
 * own checks: every number of a text is among the facts it was given (shared grounding.ts), the
 * text is in the language asked for, SMS variants keep to their parts in both encodings, variables
 * are valid, a plan's drafts are estimated exactly as the plan, and nothing is sent or approved by
 * the AI.
 */
import { checkGrounding, textLanguage, ungroundedNumbers } from '../packages/shared/src/grounding.ts';
import { extractVariables } from '../packages/shared/src/schemas/templates.ts';
import { waTemplateInputSchema } from '../packages/shared/src/schemas/whatsapp.ts';

const { planFacts } = await import('../apps/server/src/modules/ai-plans/narrative.ts');
const { insightFacts } = await import('../apps/server/src/modules/ai-insights/insights.service.ts');
const { smsParts } = await import('../apps/server/src/modules/ai/index.ts');

const OBJECTIVES = ['awareness', 'promotion', 'retention', 'winback', 'announcement'];
const TOPICS = {
  en: {
    promotion: '20% off everything this weekend',
    awareness: 'our new home collection',
    retention: 'a thank-you gift with every order this month',
    winback: 'free delivery on your next order',
    announcement: 'our Jeddah store opens on Thursday',
  },
  ar: {
    promotion: 'خصم 20% على كل شيء نهاية الأسبوع',
    awareness: 'تشكيلة المنزل الجديدة',
    retention: 'هدية شكر مع كل طلب هذا الشهر',
    winback: 'توصيل مجاني لطلبك القادم',
    announcement: 'افتتاح فرعنا في جدة يوم الخميس',
  },
};
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Runs the cases; returns results in the chat cases' shape (category, lang, q, ok, failures, ms). */
export async function studioCases({ call, q1, accountId }) {
  const results = [];
  const brand = await q1('select id from brands where account_id = $1 order by id limit 1', [accountId]);
  const snapshot = () =>
    q1(
      `select (select count(*) from messages where account_id = $1)::int as messages, (select count(*) from campaigns where account_id = $1 and status <> 'DRAFT')::int as live`,
      [accountId],
    );
  const record = async (category, lang, q, run) => {
    const before = await snapshot();
    const started = performance.now();
    const failures = [];
    try {
      await run(failures);
    } catch (err) {
      failures.push(`error: ${err.message ?? err}`);
    }
    const after = await snapshot();
    if (after.messages !== before.messages || after.live !== before.live) failures.push('something was sent or launched');
    const ms = performance.now() - started;
    results.push({ category, lang, q, ok: failures.length === 0, failures, ms });
    process.stdout.write(
      `${failures.length ? '✗' : '✓'} [${category}/${lang}] ${q}${failures.length ? `  — ${failures.join('; ')}` : ''}  (${Math.round(ms)} ms)\n`,
    );
  };

  // ── plans: every objective, in both languages ─────────────────────────────
  for (const lang of ['en', 'ar']) {
    for (const objective of OBJECTIVES) {
      await record('plan', lang, `${objective} plan for the demo brand`, async (failures) => {
        const made = await call(
          'POST',
          '/api/campaigns/ai/plan',
          {
            objective,
            brand_id: brand.id,
            budget_credits: 2000,
            start_date: day(1),
            end_date: day(10),
            notes: TOPICS.en[objective],
            notes_translations: { ar: TOPICS.ar[objective] },
            link: 'https://shop.example/offer',
          },
          lang,
        );
        if (made.status !== 201) return failures.push(`HTTP ${made.status} ${made.json.code ?? ''}`);
        const plan = made.json.data;
        const written = await call('POST', `/api/ai/marketing-plan/${plan.id}?lang=${lang}`, {}, lang);
        if (written.status !== 200) return failures.push(`write: HTTP ${written.status}`);
        const text = written.json.data.narrative;
        const facts = planFacts(plan.name, plan.plan, { notes: plan.input.notes, notes_translations: plan.input.notes_translations });
        const extra = ungroundedNumbers(text, facts);
        if (extra.length) failures.push(`numbers not in the facts: ${extra.join(', ')}`);
        if (textLanguage(text) !== lang) failures.push(`answered in ${textLanguage(text)}`);
        if (written.json.data.fallback) failures.push("the model's text was replaced by the built-in one");
        // approved by a person (the owner here), applied: each draft's estimate is the plan's
        await call('POST', `/api/ai-plans/${plan.id}/submit`, {});
        await call('POST', `/api/ai-plans/${plan.id}/approve`, {});
        const applied = await call('POST', `/api/ai-plans/${plan.id}/apply`, {});
        if (applied.status !== 200) return failures.push(`apply: HTTP ${applied.status}`);
        for (const d of applied.json.data.drafts) {
          const seg = applied.json.data.plan.plan.segments.find((s) => s.key === d.segment);
          const estimate = (await call('GET', `/api/campaigns/${d.campaign_id}/estimate`)).json.data;
          if (JSON.stringify(estimate.channels) !== JSON.stringify(seg.estimate.channels) || estimate.cost !== seg.estimate.cost)
            failures.push(`draft ${d.campaign_id}: the launcher's estimate differs from the plan`);
          for (const v of seg.content.sms) {
            if (v.language !== seg.language || textLanguage(v.sms.text.split(plan.plan.brand.name).join(' ')) !== seg.language)
              failures.push(`${seg.key}: an SMS not in ${seg.language}`);
          }
        }
      });
    }
  }

  // ── insights and a campaign against its baseline ──────────────────────────
  const campaign = await q1(`select id from campaigns where account_id = $1 and launched_at is not null order by id limit 1`, [accountId]);
  for (const lang of ['en', 'ar']) {
    await record('insights', lang, 'AI Analytics: insights and their summary', async (failures) => {
      const r = await call('GET', `/api/ai/analytics?lang=${lang}`, undefined, lang);
      if (r.status !== 200) return failures.push(`HTTP ${r.status}`);
      const d = r.json.data;
      if (d.insights.length === 0) failures.push('no insight');
      for (const i of d.insights) {
        const extra = ungroundedNumbers(`${i.title}\n${i.explanation}`, i.figures);
        if (extra.length) failures.push(`${i.id}: ${extra.join(', ')}`);
        if (textLanguage(i.explanation) !== lang) failures.push(`${i.id} in ${textLanguage(i.explanation)}`);
        if (!i.action?.url) failures.push(`${i.id}: no action`);
      }
      const extra = ungroundedNumbers(d.summary, insightFacts(d.insights, d.days));
      if (extra.length) failures.push(`summary: ${extra.join(', ')}`);
      if (textLanguage(d.summary) !== lang) failures.push(`summary in ${textLanguage(d.summary)}`);
      if (d.fallback) failures.push("the model's summary was replaced");
    });
    await record('insights', lang, 'a campaign against the baseline', async (failures) => {
      const r = await call('GET', `/api/ai/performance?campaign_id=${campaign.id}&lang=${lang}`, undefined, lang);
      if (r.status !== 200) return failures.push(`HTTP ${r.status}`);
      const d = r.json.data;
      const extra = ungroundedNumbers(d.summary, { campaign: d.campaign, channels: d.channels, baseline_days: 90 });
      if (extra.length) failures.push(`numbers not in the facts: ${extra.join(', ')}`);
      if (textLanguage(d.summary.split(d.campaign.name).join(' ')) !== lang) failures.push('wrong language');
    });
  }

  // ── content: each channel, both languages, SMS at one and two parts ───────
  const contentCases = [];
  for (const lang of ['en', 'ar']) {
    for (const max_parts of [1, 2]) contentCases.push({ channel: 'sms', lang, max_parts });
    contentCases.push({ channel: 'email', lang }, { channel: 'whatsapp', lang });
  }
  for (const c of contentCases) {
    const category = `content ${c.channel}`;
    await record(category, c.lang, `${c.channel}${c.max_parts ? ` in ${c.max_parts} part(s)` : ''}`, async (failures) => {
      const body = {
        channel: c.channel,
        language: c.lang,
        brand_id: brand.id,
        objective: 'promotion',
        topic: TOPICS[c.lang].promotion,
        link: 'https://shop.example/offer',
        variants: 3,
        ...(c.max_parts ? { max_parts: c.max_parts } : {}),
      };
      const r = await call('POST', '/api/ai/content/generate', body, c.lang);
      if (r.status !== 200) return failures.push(`HTTP ${r.status} ${r.json.code ?? ''}`);
      const d = r.json.data;
      const facts = d.facts;
      if (d.replaced) failures.push(`${d.replaced} of the model's variants failed a check`);
      for (const v of d.variants) {
        const visible =
          v.sms?.text ??
          (v.email ? `${v.email.subject}\n${v.email.preheader}\n${v.email.text}` : `${v.whatsapp.body}\n${v.whatsapp.footer ?? ''}`);
        const g = checkGrounding(visible, facts, { language: c.lang, links: ['https://shop.example/offer'] });
        if (g.numbers.length) failures.push(`numbers not in the facts: ${g.numbers.join(', ')}`);
        if (g.links.length) failures.push(`foreign links: ${g.links.join(', ')}`);
        if (textLanguage(visible.split(facts.brand.name).join(' ')) !== c.lang) failures.push(`answered in ${textLanguage(visible)}`);
        if (v.sms) {
          const parts = smsParts(v.sms.text);
          if (parts.parts > c.max_parts) failures.push(`${parts.parts} parts (${parts.encoding}) over ${c.max_parts}`);
          if (parts.encoding !== (c.lang === 'ar' ? 'UCS-2' : 'GSM-7')) failures.push(`encoding ${parts.encoding}`);
          if (!/\bSTOP\b/.test(v.sms.text)) failures.push('no opt-out line');
          if (extractVariables(v.sms.text).unknown.length) failures.push('unknown variables');
        }
        if (v.email && extractVariables(v.email.subject, v.email.html).unknown.length) failures.push('unknown variables');
        if (
          v.whatsapp &&
          !waTemplateInputSchema.safeParse({ name: 'eval', language: c.lang, category: 'MARKETING', components: v.whatsapp.components })
            .success
        )
          failures.push('not a valid WhatsApp template');
      }
    });
  }
  return results;
}
