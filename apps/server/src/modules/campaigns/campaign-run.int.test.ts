/**
 * Campaigns end to end with the real worker: SMS through the SMSC simulator and email through the
 * SMTP sink, progress and completion, tracking (pixel, signed click redirect, one-click
 * unsubscribe; tampered links refused), the report and CSV, a scheduled launch across a worker
 * restart, the A/B winner on seeded engagement, test sends and the email-campaign paths.
 */
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { type SmscSimulator, startSmscSimulator } from '../../sandbox/smsc.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp, waitForMails } from '../../test/helper.ts';
import { type Owner, seedAudience, seedBrand } from './campaign-fixtures.ts';
import { queueBatchStart } from './deploy.service.ts';
import { trackingSig } from './tracking.ts';

let t: TestApp;
let smsc: SmscSimulator;
let worker: Runner;
let owner: Owner;
let brandId: number;
const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = bearer(owner.token)) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function waitFor<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 25_000): Promise<T> {
  const until = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}
const statusOf = async (id: number) => (await t.sql('select status from campaigns where id = $1', [id]))[0].status as string;
const untilStatus = (id: number, ...s: string[]) =>
  waitFor(
    () => statusOf(id),
    (v) => s.includes(v),
  );

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  smsc = await startSmscSimulator({ systemId: 'smppclient', password: 'secret1', receiptDelayMs: 20 });
  Object.assign(t.ctx.config.smsc, { port: smsc.port, systemId: 'smppclient', password: 'secret1' });
  worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: a.userId, token: s.token };
  brandId = await seedBrand(t, owner.accountId);
  await t.ctx.sms.connections.reconcile();
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smsc?.close();
});

describe('an SMS + email campaign', () => {
  let id: number;
  let emailIds: number[];

  it('runs to COMPLETED: SMS delivered, email sent with tracking, progress 100%, a notification', async () => {
    const sms = await seedAudience(t, owner.accountId, 10, { sms: true, base: 510_000_000, name: 'Mixed' });
    const mail = await seedAudience(t, owner.accountId, 10, { sms: false, email: true, base: 520_000_000, name: 'Mail only' });
    const res = await req('POST', '/api/campaigns', {
      name: 'Launch',
      brand_id: brandId,
      channels: ['sms', 'email'],
      audience: { group_ids: [sms.groupId, mail.groupId] },
      content: {
        sms: { text: 'Hi {{first_name}}, 20% off today' },
        email: {
          subject: 'Hello {{first_name}}',
          html: '<p>Dear {{first_name}}, see <a href="https://shop.example/offer?a=1&amp;b=2">the offer</a>.</p>',
        },
      },
    });
    id = json(res).data.id;
    const dep = await req('POST', `/api/campaigns/${id}/deploy`);
    expect(dep.statusCode, dep.body).toBe(201);
    await untilStatus(id, 'COMPLETED', 'COMPLETED_WITH_ERRORS');
    expect(await statusOf(id)).toBe('COMPLETED');
    const progress = json(await req('GET', `/api/campaigns/${id}/progress`)).data;
    expect(progress).toMatchObject({ targeted: 20, created: 20, done: 20, percent: 100 });
    const rows = await t.sql(`select id, channel, status, payload from messages where campaign_id = $1 order by id`, [id]);
    expect(rows.filter((r) => r.channel === 'sms').every((r) => ['SENT', 'DELIVERED'].includes(r.status))).toBe(true);
    const emails = rows.filter((r) => r.channel === 'email');
    emailIds = emails.map((r) => Number(r.id));
    expect(emails[0].payload.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(emails[0].payload.headers['List-Unsubscribe']).toMatch(/^<https:\/\/portal\.example\/t\/u\/\d+\/[\w-]+>$/);
    const [received] = await waitForMails(t, 'cust520000001@customer.example', 1);
    expect(received.subject).toBe('Hello Cust1');
    expect(received.html).toContain('https://portal.example/t/c/');
    expect(received.html).toContain('https://portal.example/t/o/');
    expect(received.text).toContain('Unsubscribe: https://portal.example/t/u/');
    const [n] = await t.sql(`select title_key from notifications where user_id = $1 and type = 'campaign_status'`, [owner.userId]);
    expect(n.title_key).toBe('notifications.campaignCompleted.title');
  });

  it('tracks opens and clicks through signed links; tampered ids, urls or signatures → 404', async () => {
    const mid = emailIds[0] as number;
    const secret = t.ctx.config.jwtSecret;
    const target = 'https://shop.example/offer?a=1&b=2';
    const pixel = await t.app.inject({ method: 'GET', url: `/t/o/${mid}/${trackingSig(secret, 'o', mid)}.gif` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    const click = await t.app.inject({
      method: 'GET',
      url: `/t/c/${mid}/${trackingSig(secret, 'c', mid, target)}?u=${encodeURIComponent(target)}`,
    });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(target);
    // a second click of the same link counts as a click, not as another person; another message's click does
    await t.app.inject({ method: 'GET', url: `/t/c/${mid}/${trackingSig(secret, 'c', mid, target)}?u=${encodeURIComponent(target)}` });
    const other = emailIds[2] as number;
    await t.app.inject({ method: 'GET', url: `/t/c/${other}/${trackingSig(secret, 'c', other, target)}?u=${encodeURIComponent(target)}` });
    expect(await t.sql('select url, clicks::int, unique_clicks::int from campaign_link_clicks where campaign_id = $1', [id])).toEqual([
      { url: target, clicks: 3, unique_clicks: 2 },
    ]);
    for (const url of [
      `/t/o/${mid + 1}/${trackingSig(secret, 'o', mid)}.gif`,
      `/t/o/${mid}/${trackingSig(secret, 'o', mid).replace(/^./, 'A')}x.gif`,
      `/t/c/${mid}/${trackingSig(secret, 'c', mid, target)}?u=${encodeURIComponent('https://evil.example/')}`,
      `/t/c/${mid}/${trackingSig(secret, 'o', mid)}?u=${encodeURIComponent(target)}`,
      `/t/u/${mid}/${trackingSig(secret, 'o', mid)}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const [m] = await t.sql('select read_at, clicked_at from messages where id = $1', [mid]);
    expect(m.read_at).toBeTruthy();
    expect(m.clicked_at).toBeTruthy();
  });

  it('one-click unsubscribe (RFC 8058) turns the email consent off; a tampered link changes nothing', async () => {
    const mid = emailIds[1] as number;
    const sig = trackingSig(t.ctx.config.jwtSecret, 'u', mid);
    const page = await t.app.inject({ method: 'GET', url: `/t/u/${mid}/${sig}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post">');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/t/u/${mid + 1}/${sig}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/t/u/${mid}/${sig}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [c] = await t.sql(
      'select c.consent_email, c.consent_email_source from customers c join messages m on m.customer_id = c.id where m.id = $1',
      [mid],
    );
    expect(c).toMatchObject({ consent_email: false, consent_email_source: 'unsubscribe' });
  });

  it('reports the funnel per channel, the timeline, cost, and streams the recipients CSV', async () => {
    const report = json(await req('GET', `/api/campaigns/${id}/report`)).data;
    const email = report.funnel.find((f: { channel: string }) => f.channel === 'email');
    const sms = report.funnel.find((f: { channel: string }) => f.channel === 'sms');
    const all = report.funnel.find((f: { channel: string }) => f.channel === 'all');
    expect(email).toMatchObject({ messages: 10, sent: 10, opened: 1, clicked: 2, unsubscribed: 1, failed: 0 });
    expect(sms).toMatchObject({ messages: 10, sent: 10 });
    expect(all.messages).toBe(20);
    expect(report.timeline.length).toBeGreaterThan(0);
    // every change is on the chart: its sums are the funnel's
    const sum = (k: 'sent' | 'opened' | 'clicked') => report.timeline.reduce((n: number, p: Record<string, number>) => n + (p[k] ?? 0), 0);
    expect([sum('sent'), sum('opened'), sum('clicked')]).toEqual([20, 1, 2]);
    expect(report.credits).toBe(20);
    expect(report.links).toEqual([{ url: 'https://shop.example/offer?a=1&b=2', clicks: 3, unique_clicks: 2 }]);
    // one message of each channel as sent; reading it counts no open and no click
    const mail = report.samples.find((x: { channel: string }) => x.channel === 'email');
    expect(mail.subject).toMatch(/^Hello Cust\d+$/);
    expect(mail.html).toContain('href="https://shop.example/offer?a=1&amp;b=2"');
    expect(mail.html).not.toContain('/t/');
    expect(report.samples.find((x: { channel: string }) => x.channel === 'sms').text).toMatch(/^Hi Cust\d+, 20% off today$/);
    expect(report.ab).toBeNull();
    const csv = await req('GET', `/api/campaigns/${id}/recipients.csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toContain('Message ID');
    // times in the account's zone with its offset, the zone named in the time columns' headers
    expect(lines[0]).toContain('(Saudi Arabia Time)');
    expect(csv.body).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00,/);
    const ar = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${id}/recipients.csv`,
      headers: { ...bearer(owner.token), 'accept-language': 'ar' },
    });
    expect(ar.body).toContain('معرّف الرسالة');
  });
});

describe('scheduling', () => {
  it('a scheduled launch fires within seconds of its time (its own job, run_at = scheduled_at)', async () => {
    const { groupId } = await seedAudience(t, owner.accountId, 2, { base: 535_000_000, name: 'Soon' });
    const at = new Date(Date.now() + 6 * 60_000).toISOString();
    const c = json(
      await req('POST', '/api/campaigns', {
        name: 'Soon',
        brand_id: brandId,
        channels: ['sms'],
        audience: { group_ids: [groupId] },
        content: { sms: { text: 'Soon' } },
        schedule_at: at,
      }),
    ).data;
    expect(json(await req('POST', `/api/campaigns/${c.id}/deploy`)).data.status).toBe('SCHEDULED');
    // move the schedule 2 s ahead (the API refuses less than 5 minutes) and its job with it
    const due = new Date(Date.now() + 2000);
    await t.sql('update batches set scheduled_at = $2 where campaign_id = $1', [c.id, due]);
    const [b] = await t.sql('select id from batches where campaign_id = $1', [c.id]);
    await queueBatchStart(t.ctx, t.ctx.db, b.id, due);
    await untilStatus(c.id, 'RUNNING', 'COMPLETED');
    const [row] = await t.sql('select launched_at from campaigns where id = $1', [c.id]);
    const lateMs = new Date(row.launched_at).getTime() - due.getTime();
    expect(lateMs).toBeGreaterThanOrEqual(-1000);
    expect(lateMs).toBeLessThan(3000);
  });

  it('a scheduled launch whose time passed while the worker was down fires after the restart', async () => {
    const { groupId } = await seedAudience(t, owner.accountId, 3, { base: 530_000_000, name: 'Scheduled' });
    const at = new Date(Date.now() + 6 * 60_000).toISOString();
    const c = json(
      await req('POST', '/api/campaigns', {
        name: 'Later',
        brand_id: brandId,
        channels: ['sms'],
        audience: { group_ids: [groupId] },
        content: { sms: { text: 'Later' } },
        schedule_at: at,
      }),
    ).data;
    expect(json(await req('POST', `/api/campaigns/${c.id}/deploy`)).data.status).toBe('SCHEDULED');
    await worker.stop();
    // time passes while the worker is down: the schedule is now in the past
    await t.sql(`update batches set scheduled_at = now() - interval '1 second' where campaign_id = $1`, [c.id]);
    await t.sql(`update campaigns set schedule_at = now() - interval '1 second' where id = $1`, [c.id]);
    worker = await startWorker(t.ctx, t.ctx.config.databaseUrl as string);
    await untilStatus(c.id, 'COMPLETED');
    expect((await t.sql('select count(*)::int as n from messages where campaign_id = $1', [c.id]))[0].n).toBe(3);
  });
});

describe('A/B test', () => {
  it('picks the variant with the better click rate after the wait, and the rest gets its content', async () => {
    const { groupId } = await seedAudience(t, owner.accountId, 60, { sms: false, email: true, base: 540_000_000, name: 'AB' });
    const c = json(
      await req('POST', '/api/campaigns', {
        name: 'AB test',
        brand_id: brandId,
        channels: ['email'],
        audience: { group_ids: [groupId] },
        content: { email: { subject: 'Variant A', html: '<p>A <a href="https://shop.example/a">go</a></p>' } },
        ab_test: {
          split_percent: 25,
          metric: 'click',
          after_hours: 1,
          variant_b: { email: { subject: 'Variant B', html: '<p>B <a href="https://shop.example/b">go</a></p>' } },
        },
      }),
    ).data;
    expect((await req('POST', `/api/campaigns/${c.id}/deploy`)).statusCode).toBe(201);
    const sizes = await waitFor(
      () =>
        t.sql(
          `select b.variant, count(m.id)::int as n from batches b left join messages m on m.batch_id = b.id where b.campaign_id = $1 group by b.variant order by b.variant`,
          [c.id],
        ),
      (r) => r.length === 2 && r.every((x) => x.n > 0),
    );
    const total = sizes.reduce((n, r) => n + r.n, 0);
    expect(total).toBeLessThan(60);
    // seeded engagement: B's recipients click more
    await t.sql(
      `update messages m set clicked_at = now() from batches b where b.id = m.batch_id and b.campaign_id = $1 and b.variant = 'B'`,
      [c.id],
    );
    await t.sql(
      `update messages m set clicked_at = now() from batches b where b.id = m.batch_id and m.id = (select min(id) from messages where batch_id = b.id) and b.campaign_id = $1 and b.variant = 'A'`,
      [c.id],
    );
    expect(await statusOf(c.id)).toBe('RUNNING');
    await t.sql(`update campaigns set launched_at = now() - interval '61 minutes' where id = $1`, [c.id]);
    await untilStatus(c.id, 'COMPLETED');
    const [row] = await t.sql('select ab_test from campaigns where id = $1', [c.id]);
    expect(row.ab_test.winner).toBe('B');
    const rest = await t.sql(
      `select distinct m.subject from messages m join batches b on b.id = m.batch_id where b.campaign_id = $1 and b.variant = 'REST'`,
      [c.id],
    );
    expect(rest.map((r) => r.subject)).toEqual(['Variant B']);
    expect((await t.sql('select count(*)::int as n from messages where campaign_id = $1', [c.id]))[0].n).toBe(60);
    const report = json(await req('GET', `/api/campaigns/${c.id}/report`)).data;
    expect(
      report.funnel
        .filter((f: { variant: string | null }) => f.variant)
        .map((f: { variant: string }) => f.variant)
        .sort(),
    ).toEqual(['A', 'B', 'REST']);
    // the comparison says which won, on which figures, and how sure that is
    const a = sizes.find((r) => r.variant === 'A')?.n as number;
    const b = sizes.find((r) => r.variant === 'B')?.n as number;
    expect(report.ab).toMatchObject({ metric: 'click', winner: 'B', leader: 'B' });
    expect(report.ab.variants).toEqual([
      { variant: 'A', messages: a, hits: 1, rate: 1 / a },
      { variant: 'B', messages: b, hits: b, rate: 1 },
    ]);
    // 15 each, all of B clicked: too few misses for the normal approximation, so nothing is claimed
    expect(report.ab).toMatchObject({ enough_data: false, p_value: null, significant: false });
  });
});

describe('test sends and email campaigns', () => {
  it('a test send goes through the pipeline in a test batch and does not count in the campaign', async () => {
    const c = json(
      await req('POST', '/api/campaigns', {
        name: 'Draft for test',
        channels: ['sms', 'email'],
        content: { sms: { text: 'Hi {{first_name|there}}' }, email: { subject: 'Test', html: '<p>Hi</p>' } },
      }),
    ).data;
    const bad = await req('POST', `/api/campaigns/${c.id}/test-send`, { numbers: ['12'] });
    expect(bad.statusCode).toBe(400);
    const res = await req('POST', `/api/campaigns/${c.id}/test-send`, { numbers: ['+966555000111'], emails: ['tester@customer.example'] });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await waitForMails(t, 'tester@customer.example', 1);
    expect(mail.subject).toBe('Test');
    const [b] = await t.sql(`select request_type from batches where batch_id = $1`, [json(res).data.batch_id]);
    expect(b.request_type).toBe('test');
    await waitFor(
      () => t.sql(`select status from messages where bulk_id = $1 and channel = 'sms'`, [json(res).data.batch_id]),
      (r) => r[0]?.status === 'DELIVERED',
    );
    expect(json(await req('GET', `/api/campaigns/${c.id}/progress`)).data.created).toBe(0);
  });

  it("a test send to addresses the campaign cannot use says which kind it needs, in the caller's language", async () => {
    const sms = json(
      await req('POST', '/api/campaigns', { name: 'SMS only test', channels: ['sms'], content: { sms: { text: 'Hi' } } }),
    ).data;
    const onlyEmail = await req('POST', `/api/campaigns/${sms.id}/test-send`, { emails: ['tester@customer.example'] });
    expect(onlyEmail.statusCode).toBe(400);
    // it used to answer "emails: This field is required" for a typed email
    expect(json(onlyEmail).errors).toEqual([
      { field: 'numbers', message: 'This campaign sends SMS or WhatsApp: add a phone number with its country code' },
    ]);
    const arabic = await req(
      'POST',
      `/api/campaigns/${sms.id}/test-send`,
      { emails: ['tester@customer.example'] },
      { ...bearer(owner.token), 'accept-language': 'ar' },
    );
    expect(json(arabic).errors).toEqual([{ field: 'numbers', message: 'هذه الحملة تُرسل رسائل SMS أو واتساب: أضف رقم هاتف مع رمز الدولة' }]);
    const mail = json(
      await req('POST', '/api/campaigns', {
        name: 'Email only test',
        channels: ['email'],
        content: { email: { subject: 'S', html: '<p>x</p>' } },
      }),
    ).data;
    const onlyNumber = await req('POST', `/api/campaigns/${mail.id}/test-send`, { numbers: ['+966555000112'] });
    expect(json(onlyNumber).errors).toEqual([{ field: 'emails', message: 'This campaign sends email only: add an email address' }]);
    expect((await t.sql('select count(*)::int as n from batches where campaign_id = any($1)', [[sms.id, mail.id]]))[0].n).toBe(0);
  });

  it('send-now, schedule, test-send, history, details and customer groups under /api/email-campaigns', async () => {
    const { groupId } = await seedAudience(t, owner.accountId, 2, { sms: false, email: true, base: 550_000_000, name: 'Mail list' });
    const body = {
      name: 'Newsletter',
      brand_id: brandId,
      audience: { group_ids: [groupId] },
      email: { subject: 'News', html: '<p>News</p>' },
    };
    const soon = await req('POST', '/api/email-campaigns/schedule', { ...body, schedule_at: new Date(Date.now() + 60_000).toISOString() });
    expect(soon.statusCode).toBe(400);
    const sent = await req('POST', '/api/email-campaigns/send-now', body);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = json(sent).data.id;
    await untilStatus(id, 'COMPLETED');
    const scheduled = await req('POST', '/api/email-campaigns/schedule', {
      ...body,
      name: 'Newsletter 2',
      schedule_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(json(scheduled).data.status).toBe('SCHEDULED');
    const empty = await req('POST', '/api/email-campaigns/send-now', {
      ...body,
      name: 'Nobody',
      audience: { group_ids: [(await seedAudience(t, owner.accountId, 0, { name: 'Empty' })).groupId] },
    });
    expect(json(empty).code).toBe('AUDIENCE_EMPTY');
    expect((await t.sql(`select 1 from campaigns where name = 'Nobody'`)).length).toBe(0);
    const history = json(await req('GET', `/api/email-campaigns/history/${owner.userId}`)).data;
    expect(history.items.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Newsletter', 'Newsletter 2']));
    const [m] = await t.sql('select id from messages where campaign_id = $1 limit 1', [id]);
    const details = await req('GET', `/api/email-campaigns/${id}/details/${m.id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(json(details).data).toMatchObject({ id: Number(m.id), status: 'SENT' });
    expect(json(details).data.events.map((e: { event: string }) => e.event)).toEqual(['QUEUED', 'SENT']);
    expect((await req('GET', `/api/email-campaigns/${id}/details/999999999`)).statusCode).toBe(404);
    const groups = json(await req('GET', `/api/email-campaigns/customer-groups/${owner.userId}`)).data;
    expect(groups.items.map((g: { group_name: string }) => g.group_name)).toContain('Mail list');
    expect(groups).toMatchObject({ page: 1, limit: 20, total: groups.items.length });
    const second = json(await req('GET', `/api/email-campaigns/customer-groups/${owner.userId}?limit=1&page=2`)).data;
    expect(second).toMatchObject({ page: 2, limit: 1, total: groups.total });
    expect(second.items).toHaveLength(groups.total > 1 ? 1 : 0);
    const test = await req('POST', '/api/email-campaigns/test-send', {
      emails: ['qa@customer.example'],
      email: { subject: 'QA', html: '<p>QA</p>' },
    });
    expect(test.statusCode, test.body).toBe(201);
    await waitForMails(t, 'qa@customer.example', 1);
    const other = await signUp(t);
    const otherToken = (await signIn(t, other.email)).token;
    expect((await req('GET', `/api/email-campaigns/${id}/details/${m.id}`, undefined, bearer(otherToken))).statusCode).toBe(404);
    expect((await req('GET', `/api/email-campaigns/history/${owner.userId}`, undefined, bearer(otherToken))).statusCode).toBe(404);
  });
});
