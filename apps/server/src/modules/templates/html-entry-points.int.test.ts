/**
 * Every way HTML gets into Risala is sanitised by the one sanitiser (sanitize.ts): the XSS corpus
 * (with the internal-placeholder bypass found in an attack) goes through rich templates, free-form
 * `POST /api/messages/email`, campaign drafts (content and the A/B variant), the email-campaign
 * test send, and a campaign deploy from a draft stored before sanitising was on. What is stored
 * and what would be sent is judged with a browser's parser (test/xss-corpus.ts); the editors'
 * email markup comes through whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dangers, SAFE_EMAIL, XSS_CORPUS } from '../../test/xss-corpus.ts';
import { bearer, createTestApp, json, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { type Owner, seedAudience, seedBrand } from '../campaigns/campaign-fixtures.ts';
import { expandChunk, startBatch } from '../campaigns/execution.ts';

let t: TestApp;
let owner: Owner;
let brandId: number;
const req = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: bearer(owner.token), payload: payload as object });

/** The HTML parts of the messages of a bulk (or a batch), as they would be sent. */
const sentHtml = async (where: string, param: unknown) =>
  (await t.sql<{ html: string | null }>(`select payload->>'html' as html from messages where ${where} = $1`, [param])).map(
    (r) => r.html ?? '',
  );

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  const s = await signIn(t, a.email);
  owner = { accountId: s.user.account_id, userId: a.userId, token: s.token };
  brandId = await seedBrand(t, owner.accountId);
});
afterAll(async () => {
  await t?.close();
});

describe('rich templates', () => {
  it('store every corpus entry inert (or refuse what sanitises to nothing), and keep the editors’ email', async () => {
    const created = await req('POST', '/api/templates/rich', { template_name: 'Corpus', subject: 'Hi', html: SAFE_EMAIL });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).data.id;
    for (const [name, html] of XSS_CORPUS) {
      const res = await req('PUT', `/api/templates/${id}`, { html: `<p>Before</p>${html}<p>After</p>` });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const [row] = await t.sql('select html from templates where id = $1', [id]);
      expect(dangers(row.html), name).toEqual([]);
      // no internal placeholder is ever stored, nor does one close what follows it
      expect(row.html, name).not.toMatch(/<\/?risala-/i);
    }
    const safe = await req('PUT', `/api/templates/${id}`, { html: SAFE_EMAIL });
    expect(json(safe).data.html).toContain('مرحبًا {{first_name|صديقنا}}');
    expect(json(safe).data.html).toContain('<td dir="rtl" style="padding:24px');
  });
});

describe('POST /api/messages/email', () => {
  it('sanitises free-form HTML before it is stored for sending', async () => {
    for (const [name, html] of XSS_CORPUS) {
      const res = await req('POST', '/api/messages/email', {
        recipients: { emails: ['corpus@customer.example'] },
        subject: 'Hi',
        html,
        text: 'Hello',
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const [sent] = await sentHtml('bulk_id', json(res).data.bulk_id);
      expect(dangers(sent), name).toEqual([]);
    }
  });

  it('refuses HTML that sanitises to nothing when there is no text part', async () => {
    const res = await req('POST', '/api/messages/email', {
      recipients: { emails: ['corpus@customer.example'] },
      subject: 'Hi',
      html: '<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ field: 'html', message: 'This field is required' }]);
  });

  it('a customer value in a link is sanitised after filling; the editors’ email is sent whole', async () => {
    const [c] = await t.sql(
      `insert into customers (account_id, first_name, city, email, consent_email) values ($1, 'javascript:alert(1)', 'جدة', 'val@customer.example', true) returning id`,
      [owner.accountId],
    );
    const res = await req('POST', '/api/messages/email', {
      recipients: { customer_ids: [c.id] },
      subject: 'Hi',
      html: `<a href="{{first_name}}">link</a>${SAFE_EMAIL}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [sent] = await sentHtml('bulk_id', json(res).data.bulk_id);
    expect(dangers(sent)).toEqual([]);
    expect(sent).toMatch(/<a( style="[^"]*")?>link<\/a>/); // the javascript: href is gone
    expect(sent).toContain('في جدة');
    expect(sent).toContain('src="https://cdn.example.com/logo.png"');
  });
});

describe('campaigns', () => {
  it('store the email content and the A/B variant sanitised on every save', async () => {
    const draft = json(await req('POST', '/api/campaigns', { name: 'Corpus', channels: ['email'] })).data;
    for (const [name, html] of XSS_CORPUS) {
      const email = { subject: 'Hi', html };
      const res = await req('PUT', `/api/campaigns/${draft.id}`, {
        content: { email },
        ab_test: { split_percent: 10, metric: 'open', after_hours: 4, variant_b: { email } },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const [row] = await t.sql(
        `select content->'email'->>'html' as a, ab_test->'variant_b'->'email'->>'html' as b from campaigns where id = $1`,
        [draft.id],
      );
      expect(dangers(row.a), name).toEqual([]);
      expect(dangers(row.b), name).toEqual([]);
    }
    const created = await req('POST', '/api/campaigns', {
      name: 'Corpus 2',
      content: { email: { subject: 'Hi', html: XSS_CORPUS[0][1] } },
    });
    expect(dangers(json(created).data.content.email.html)).toEqual([]);
  });

  it('the email-campaign test send renders through the same sanitiser', async () => {
    for (const [name, html] of XSS_CORPUS) {
      const res = await req('POST', '/api/email-campaigns/test-send', {
        emails: ['test@customer.example'],
        email: { subject: 'Hi', html: `<p>x</p>${html}` },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const [sent] = await sentHtml('bulk_id', json(res).data.batch_id);
      expect(dangers(sent), name).toEqual([]);
    }
  });

  it('a draft stored raw (before sanitising) is sanitised when it is deployed', async () => {
    const { groupId } = await seedAudience(t, owner.accountId, 2, { sms: false, email: true, base: 540_000_000 });
    const draft = json(
      await req('POST', '/api/campaigns', { name: 'Legacy', brand_id: brandId, channels: ['email'], audience: { group_ids: [groupId] } }),
    ).data;
    const raw = XSS_CORPUS.map(([, html]) => `<div>${html}</div>`).join('');
    await t.sql(`update campaigns set content = $2 where id = $1`, [
      draft.id,
      { email: { subject: 'Hi {{first_name}}', html: `<p>Hello {{first_name}}</p>${raw}` } },
    ]);
    const deployed = await req('POST', `/api/campaigns/${draft.id}/deploy`, {});
    expect(deployed.statusCode, deployed.body).toBe(201);
    const [batch] = await t.sql('select id from batches where campaign_id = $1', [draft.id]);
    await startBatch(t.ctx, batch.id);
    await expandChunk(t.ctx, { batch: batch.id, after: 0, upto: null });
    const sent = await sentHtml('campaign_id', draft.id);
    expect(sent).toHaveLength(2);
    for (const html of sent) {
      expect(dangers(html)).toEqual([]);
      expect(html).toMatch(/Hello Cust[12]/);
    }
  });
});
