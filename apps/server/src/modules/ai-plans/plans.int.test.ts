/**
 * AI plans on the built-in engine over a real database: the plan's figures against the database
 * (segments, reach, exclusions of blacklisted and non-consenting customers), its text grounded in
 * its facts, the lifecycle with its notifications and permissions, Apply → launcher drafts whose
 * estimate is the plan's own, and nothing sent or approved by itself.
 */
import { ungroundedNumbers } from '@risala/shared/grounding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { planFacts } from './narrative.ts';
import { call, day, planBody, planCast } from './plan-fixtures.ts';

let t: TestApp;
let cast: Awaited<ReturnType<typeof planCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await planCast(t);
  // a blacklisted number in the demo audience: the plan must not count it
  const [bl] = await t.sql<{ id: number }>(
    `insert into blacklists (account_id, blacklist_name, blacklist_type, status) values ($1, 'Do not text', 'MT', 'ACTIVE') returning id`,
    [cast.owner.accountId],
  );
  await t.sql(
    `insert into blacklist_entries (account_id, blacklist_id, kind, value)
     select $1, $2, 'number', mobile_number from customers where account_id = $1 and consent_sms and language = 'ar' order by id limit 7`,
    [cast.owner.accountId, bl?.id],
  );
});
afterAll(async () => {
  await t?.close();
});

const notificationsOf = (userId: number) =>
  t.sql<{ type: string; title_key: string }>('select type, title_key from notifications where user_id = $1 and type = $2 order by id', [
    userId,
    'ai_plan_status',
  ]);

describe('a plan for the demo brand', () => {
  let plan: any;

  it('is computed from the account: language segments with live counts that leave out blacklisted and non-consenting customers', async () => {
    const demo = cast.groups.find((g) => g.name === 'Demo customers')?.id;
    const r = await call(t, cast.marketer.token, 'POST', '/api/campaigns/ai/plan', planBody(cast.brandId, { group_ids: [demo] }));
    expect(r.status, r.res.body).toBe(201);
    plan = r.data;
    expect(plan).toMatchObject({ status: 'DRAFT', objective: 'promotion', engine: 'builtin', campaign_id: null });
    const body = plan.plan;
    expect(body.segments.map((s: any) => s.key)).toEqual(['ar', 'en']);
    const acct = cast.owner.accountId;
    for (const seg of body.segments) {
      const lang = seg.key === 'ar' ? "= 'ar'" : "<> 'ar'";
      const [want] = await t.sql<{ total: number; sms: number; email: number; whatsapp: number }>(
        `select count(*)::int as total,
                count(*) filter (where consent_sms and mobile_number is not null and not exists (
                  select 1 from blacklist_entries e where e.account_id = c.account_id and e.value = c.mobile_number))::int as sms,
                count(*) filter (where consent_email and email like '%@%')::int as email,
                count(*) filter (where consent_whatsapp and mobile_number is not null and not exists (
                  select 1 from blacklist_entries e where e.account_id = c.account_id and e.value = c.mobile_number))::int as whatsapp
           from customers c where account_id = $1 and language ${lang}`,
        [acct],
      );
      expect(seg.total).toBe(want?.total);
      expect(Object.fromEntries(seg.channels.map((c: any) => [c.channel, c.reachable]))).toEqual({
        sms: want?.sms,
        email: want?.email,
        whatsapp: want?.whatsapp,
      });
      // the sandbox's sample WhatsApp templates need parameters a plan cannot choose: left out, and said why
      expect(seg.channels.find((c: any) => c.channel === 'whatsapp')).toMatchObject({
        position: null,
        reason: { key: 'whatsappTemplateParams' },
      });
      expect(seg.fallback).toEqual(['sms', 'email']);
      // no history yet: a stated default hour and no expected range
      expect(seg.send_time).toMatchObject({ source: 'default', hour: 18 });
      expect(seg.expected).toMatchObject({ delivered: null, basis: 'none' });
      expect(seg.content.sms.length).toBe(3);
      expect(seg.content.sms.every((v: any) => v.checks.parts_ok && v.checks.opt_out && v.checks.variables_ok)).toBe(true);
      expect(seg.content.sms[0].language).toBe(seg.language);
    }
    expect(body.notes.map((n: any) => n.key)).toEqual(expect.arrayContaining(['defaultSendTime', 'whatsappTemplateParams', 'noHistory']));
    expect(await notificationsOf(cast.marketer.userId)).toEqual([{ type: 'ai_plan_status', title_key: 'notifications.aiPlanReady.title' }]);
  });

  it('says every number of its text from its facts, in English and in Arabic', async () => {
    expect(ungroundedNumbers(plan.narrative, planFacts(plan.name, plan.plan))).toEqual([]);
    expect(plan.narrative).toContain('built-in engine');
    const ar = await call(t, cast.marketer.token, 'POST', `/api/ai/marketing-plan/${plan.id}?lang=ar`);
    expect(ar.status, ar.res.body).toBe(200);
    expect(ar.data).toMatchObject({ language: 'ar', engine: 'builtin', fallback: false });
    expect(ar.data.narrative).toMatch(/المحرك المدمج/);
    expect(ungroundedNumbers(ar.data.narrative, planFacts(plan.name, plan.plan))).toEqual([]);
  });

  it('goes to approval: only a user with the approve right decides, and each step notifies', async () => {
    const viewer = await call(t, cast.viewer.token, 'POST', `/api/ai-plans/${plan.id}/approve`);
    expect(viewer.status).toBe(403);
    expect((await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${plan.id}/approve`)).status).toBe(403);
    // not yet submitted: approving is a state error
    expect((await call(t, cast.reviewer.token, 'POST', `/api/ai-plans/${plan.id}/approve`)).body).toMatchObject({
      code: 'AI_PLAN_STATE_INVALID',
    });
    const sent = await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${plan.id}/submit`);
    expect(sent.data.status).toBe('PENDING_APPROVAL');
    const pending = await call(t, cast.reviewer.token, 'GET', '/api/ai-plans/pending');
    expect(pending.data.items.map((p: any) => p.id)).toEqual([plan.id]);
    expect((await notificationsOf(cast.reviewer.userId)).map((n) => n.title_key)).toEqual(['notifications.aiPlanSubmitted.title']);
    expect((await notificationsOf(cast.owner.userId)).map((n) => n.title_key)).toEqual(['notifications.aiPlanSubmitted.title']);
    // editing waits for the decision
    expect((await call(t, cast.marketer.token, 'PUT', `/api/ai-plans/${plan.id}`, { budget_credits: 10 })).body).toMatchObject({
      code: 'AI_PLAN_STATE_INVALID',
    });
    const approved = await call(t, cast.reviewer.token, 'POST', `/api/ai-plans/${plan.id}/approve`);
    expect(approved.data).toMatchObject({ status: 'APPROVED', decided_by_name: 'Rania Colleague' });
    expect((await notificationsOf(cast.marketer.userId)).map((n) => n.title_key)).toEqual([
      'notifications.aiPlanReady.title',
      'notifications.aiPlanSubmitted.title'.replace('Submitted', 'Approved'),
    ]);
  });

  it("applies as launcher drafts whose estimate and audience count are the plan's own numbers — and sends nothing", async () => {
    const applied = await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${plan.id}/apply`);
    expect(applied.status, applied.res.body).toBe(200);
    expect(applied.data.plan.status).toBe('APPLIED');
    expect(applied.data.drafts).toHaveLength(2);
    for (const d of applied.data.drafts) {
      const seg = applied.data.plan.plan.segments.find((s: any) => s.key === d.segment);
      expect(seg.campaign_id).toBe(d.campaign_id);
      const campaign = await call(t, cast.marketer.token, 'GET', `/api/campaigns/${d.campaign_id}`);
      expect(campaign.data).toMatchObject({ status: 'DRAFT', channels: seg.fallback, ai_plan_id: plan.id, brand_id: cast.brandId });
      expect(campaign.data.content.sms.text).toBe(seg.content.sms[0].sms.text);
      expect(new Date(campaign.data.schedule_at).toISOString()).toBe(seg.send_time.at);
      const estimate = await call(t, cast.marketer.token, 'GET', `/api/campaigns/${d.campaign_id}/estimate`);
      expect(estimate.data.channels).toEqual(seg.estimate.channels);
      expect(estimate.data.cost).toBe(seg.estimate.cost);
      expect(estimate.data.messages).toBe(seg.estimate.messages);
      const count = await call(t, cast.marketer.token, 'GET', `/api/campaigns/${d.campaign_id}/audience-count`);
      expect(count.data.total).toBe(seg.total);
      expect(count.data.by_channel).toEqual(Object.fromEntries(Object.entries(seg.by_channel).filter(([, n]) => (n as number) > 0)));
    }
    expect((await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${plan.id}/apply`)).body).toMatchObject({
      code: 'AI_PLAN_STATE_INVALID',
    });
    const [sent] = await t.sql<{ messages: number; batches: number; live: number }>(
      `select (select count(*) from messages where account_id = $1)::int as messages, (select count(*) from batches where account_id = $1)::int as batches,
              (select count(*) from campaigns where account_id = $1 and status <> 'DRAFT')::int as live`,
      [cast.owner.accountId],
    );
    expect(sent).toEqual({ messages: 0, batches: 0, live: 0 });
    expect((await notificationsOf(cast.marketer.userId)).at(-1)?.title_key).toBe('notifications.aiPlanApplied.title');
  });
});

describe('plans in their limits', () => {
  it('a rejected plan carries its reason, is edited back to DRAFT and recomputed', async () => {
    const r = await call(t, cast.marketer.token, 'POST', '/api/ai-plans', planBody(cast.brandId, { objective: 'announcement' }));
    const id = r.data.id;
    expect(r.data.plan.audience.chosen_by).toBe('largest');
    await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${id}/submit`);
    expect((await call(t, cast.reviewer.token, 'POST', `/api/ai-plans/${id}/reject`, { reason: '' })).status).toBe(400);
    const rejected = await call(t, cast.reviewer.token, 'POST', `/api/ai-plans/${id}/reject`, { reason: 'Wait for the new stock' });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', rejection_reason: 'Wait for the new stock' });
    expect((await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${id}/apply`)).body).toMatchObject({ code: 'AI_PLAN_STATE_INVALID' });
    const edited = await call(t, cast.marketer.token, 'PUT', `/api/ai-plans/${id}`, { budget_credits: 50, channels: ['email', 'sms'] });
    expect(edited.data).toMatchObject({ status: 'DRAFT', rejection_reason: null });
    const body = edited.data.plan;
    expect(body.totals.budget).toBe(50);
    expect(body.totals.within_budget).toBe(false);
    expect(body.notes.map((n: any) => n.key)).toEqual(expect.arrayContaining(['droppedForBudget', 'overBudget']));
    expect(body.totals.credits).toBe(body.segments.reduce((n: number, s: any) => n + s.estimate.credits, 0));
    const stats = await call(t, cast.marketer.token, 'GET', '/api/ai-plans/stats');
    expect(stats.data).toMatchObject({ total: 2, by_status: { APPLIED: 1, DRAFT: 1 }, applied_campaigns: 2 });
  });

  it('checks its inputs and keeps to the account', async () => {
    const bad = await call(
      t,
      cast.marketer.token,
      'POST',
      '/api/campaigns/ai/plan',
      planBody(cast.brandId, { end_date: day(-3), start_date: day(-1) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('end_date');
    const past = await call(
      t,
      cast.marketer.token,
      'POST',
      '/api/campaigns/ai/plan',
      planBody(cast.brandId, { start_date: day(-9), end_date: day(-8) }),
    );
    expect(past.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const foreign = await call(t, cast.stranger.token, 'POST', '/api/campaigns/ai/plan', planBody(cast.brandId));
    expect(foreign.body.errors[0]).toMatchObject({ field: 'brand_id' });
    const [mine] = await t.sql<{ id: number }>('select id from ai_plans where account_id = $1 limit 1', [cast.owner.accountId]);
    expect((await call(t, cast.stranger.token, 'GET', `/api/ai-plans/${mine?.id}`)).status).toBe(404);
    expect((await call(t, cast.viewer.token, 'POST', '/api/campaigns/ai/plan', planBody(cast.brandId))).status).toBe(403);
  });

  it('is a Growth, Enterprise or trial feature: other plans get FEATURE_NOT_AVAILABLE', async () => {
    await t.sql(`update accounts set plan = 'starter' where id = $1`, [cast.owner.accountId]);
    try {
      for (const [method, url, payload] of [
        ['POST', '/api/campaigns/ai/plan', planBody(cast.brandId)],
        ['GET', '/api/ai-plans', undefined],
        ['POST', '/api/ai/content/generate', { channel: 'sms', language: 'en', topic: 'x' }],
      ] as const) {
        const r = await call(t, cast.owner.token, method, url, payload);
        expect(r.status, url).toBe(403);
        expect(r.body.code).toBe('FEATURE_NOT_AVAILABLE');
      }
    } finally {
      await t.sql(`update accounts set plan = 'growth' where id = $1`, [cast.owner.accountId]);
    }
  });

  it('plans for an existing draft from its audience, and Apply fills that draft', async () => {
    const segment = cast.groups.find((g) => g.name === 'Riyadh SMS subscribers')?.id;
    const draft = await call(t, cast.marketer.token, 'POST', '/api/campaigns', {
      name: 'Riyadh weekend',
      brand_id: cast.brandId,
      channels: ['sms'],
      audience: { group_ids: [segment] },
    });
    const r = await call(t, cast.marketer.token, 'POST', `/api/campaigns/${draft.data.id}/ai-planning`, {
      ...planBody(cast.brandId),
      brand_id: undefined,
      channels: undefined,
      objective: 'winback',
    });
    expect(r.status, r.res.body).toBe(201);
    expect(r.data).toMatchObject({ campaign_id: draft.data.id, name: 'Riyadh weekend' });
    expect(r.data.plan.audience).toMatchObject({ chosen_by: 'draft', groups: [{ id: segment }] });
    expect(r.data.plan.segments.every((s: any) => s.fallback.join() === 'sms')).toBe(true);
    await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${r.data.id}/submit`);
    await call(t, cast.owner.token, 'POST', `/api/ai-plans/${r.data.id}/approve`);
    const applied = await call(t, cast.marketer.token, 'POST', `/api/ai-plans/${r.data.id}/apply`);
    expect(applied.data.drafts[0].campaign_id).toBe(draft.data.id);
    const c = await call(t, cast.marketer.token, 'GET', `/api/campaigns/${draft.data.id}`);
    expect(c.data).toMatchObject({ ai_plan_id: r.data.id, objective: planBody(0).notes, status: 'DRAFT' });
  });
});

describe('A/B tests in a plan', () => {
  it('judges an A/B test of the copy on what the copy changes, never on delivery', async () => {
    const segments = async (extra: Record<string, unknown>) =>
      (await call(t, cast.marketer.token, 'POST', '/api/ai-plans', planBody(cast.brandId, { objective: 'announcement', ...extra }))).data
        .plan.segments as { ab_test: { metric: string } | null; ab_reason: { key: string } | null; fallback: string[] }[];
    const linked = await segments({ channels: ['sms'] });
    expect(linked.some((s) => s.ab_test)).toBe(true);
    for (const s of linked) if (s.ab_test) expect(s.ab_test.metric).toBe('click');
    // an SMS announcement without a link: nothing the copy changes can be measured, so no test
    const plain = await segments({ channels: ['sms'], link: null });
    expect(plain.every((s) => s.ab_test === null)).toBe(true);
    expect(plain.map((s) => s.ab_reason?.key)).toContain('abNoMeasure');
    for (const s of await segments({ channels: ['email'], link: null })) if (s.ab_test) expect(s.ab_test.metric).toBe('open');
  });
});
