import { type BlockTexts, emailTheme, starterDesign } from '@risala/shared/email-design';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Cast, createTestApp, json, multipartFile, signUpCast, type TestApp } from '../../test/helper.ts';
import { tinyPdf, tinyPng } from '../storage/test-files.ts';

let t: TestApp;
let cast: Cast;
let customerId: number;

const texts: BlockTexts = {
  heading: 'Hello {{first_name|there}}',
  paragraph: 'Your offer in {{city}} is ready.',
  column: 'Column',
  button: 'Shop now',
  imageAlt: 'Offer',
  footer: 'You receive this because you subscribed.',
  unsubscribe: 'Unsubscribe',
};
const design = (dir: 'ltr' | 'rtl' = 'ltr') =>
  starterDesign(
    emailTheme({ name: 'Acme', colors: ['#0b7285'], logo_url: null, website: 'https://acme.example' }, dir, 'https://app.example'),
    texts,
    dir === 'rtl' ? 'ar' : 'en',
  );

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  cast = await signUpCast(t);
  const [c] = await t.sql(
    `insert into customers (account_id, first_name, email, city) values ($1, 'Huda', 'huda@example.com', 'Riyadh') returning id`,
    [cast.owner.accountId],
  );
  customerId = c.id;
});
afterAll(async () => {
  await t.close();
});

describe('templates built with the visual builder', () => {
  it('stores the design and the HTML the server rendered from it; HTML written by hand ends the design', async () => {
    const res = await call(cast.owner.token, 'POST', '/api/templates/rich', {
      template_name: 'Built',
      subject: 'Hi {{first_name}}',
      mjml: design(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res).data;
    expect(created.mjml).toBe(design());
    // table-based, with Outlook's skeleton, the footer's unsubscribe placeholder and the variables
    expect(created.html).toContain('role="presentation"');
    expect(created.html).toContain('<!--[if mso | IE]>');
    expect(created.html).toContain('href="{{unsubscribe_url}}"');
    expect(created.variables).toEqual(['first_name', 'city']);
    expect(created.template_text).toContain('Your offer in {{city}} is ready.');

    // a new design renders again; HTML sent by hand replaces it and the design goes
    const rtl = json(await call(cast.owner.token, 'PUT', `/api/templates/${created.id}`, { mjml: design('rtl') })).data;
    expect(rtl.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(rtl.mjml).toBe(design('rtl'));
    const hand = json(await call(cast.owner.token, 'PUT', `/api/templates/${created.id}`, { html: '<p>Plain {{first_name}}</p>' })).data;
    expect(hand).toMatchObject({ mjml: null, html: '<p>Plain {{first_name}}</p>' });
    expect(json(await call(cast.owner.token, 'GET', `/api/templates/template/${created.id}`)).data.mjml).toBeNull();
  });

  it('refuses what is not a design, both bodies at once, and the unsubscribe placeholder outside an email body', async () => {
    const notMjml = await call(cast.owner.token, 'POST', '/api/templates/rich', { template_name: 'Bad', subject: 'S', mjml: '<p>hi</p>' });
    expect(notMjml.statusCode).toBe(400);
    expect(json(notMjml).errors[0].field).toBe('mjml');
    const both = await call(cast.owner.token, 'POST', '/api/templates/rich', {
      template_name: 'Both',
      subject: 'S',
      mjml: design(),
      html: '<p>x</p>',
    });
    expect(both.statusCode).toBe(400);
    const empty = await call(cast.owner.token, 'POST', '/api/templates/rich', {
      template_name: 'Empty',
      subject: 'S',
      mjml: '<mjml><mj-body></mj-body></mjml>',
    });
    expect(json(empty).errors).toEqual([{ field: 'mjml', message: expect.any(String) }]);
    const sms = await call(cast.owner.token, 'POST', '/api/templates', {
      template_name: 'SMS',
      message_type: 'sms',
      template_text: 'Stop: {{unsubscribe_url}}',
    });
    expect(sms.statusCode).toBe(400);
    expect(json(sms).errors[0].field).toBe('template_text');
    const subject = await call(cast.owner.token, 'POST', '/api/templates/rich', {
      template_name: 'Subj',
      subject: '{{unsubscribe_url}}',
      mjml: design(),
    });
    expect(json(subject).errors[0].field).toBe('subject');
  });

  it('renders an unsaved design for a real customer of the account, and for no one else', async () => {
    const res = await call(cast.owner.token, 'POST', '/api/templates/render', {
      subject: 'For {{first_name}}',
      mjml: design(),
      customer_id: customerId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = json(res).data;
    expect(out.subject).toBe('For Huda');
    expect(out.html).toContain('Hello Huda');
    expect(out.html).toContain('Your offer in Riyadh is ready.');
    // no signed link before a send: the footer's link goes nowhere in a preview
    expect(out.html).toContain('href="#"');
    expect(out.html).not.toContain('{{');
    expect(out.customer).toEqual({ id: customerId, name: 'Huda' });
    expect(out.body_html).toContain('{{first_name|there}}');
    const plain = json(
      await call(cast.owner.token, 'POST', '/api/templates/render', { html: '<p>Hi {{first_name|you}}</p><script>x()</script>' }),
    ).data;
    expect(plain.body_html).toBe('<p>Hi {{first_name|you}}</p>');
    expect(plain.customer).toBeNull();
    const foreign = await call(cast.stranger.token, 'POST', '/api/templates/render', { mjml: design(), customer_id: customerId });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('library images in emails', () => {
  const upload = async (token: string, data: Buffer, filename: string, contentType: string, purpose: string) => {
    const { payload, headers } = multipartFile({ filename, contentType, data }, { purpose });
    return json(await t.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload })).data;
  };

  it('lists library images and brand logos with lasting public addresses mail clients can load', async () => {
    const photo = await upload(cast.owner.token, tinyPng([10, 120, 200]), 'sale.png', 'image/png', 'content');
    const item = json(
      await call(cast.owner.token, 'POST', '/api/content', { title: 'Summer sale', type: 'image', file_id: photo.id }),
    ).data;
    const logo = await upload(cast.owner.token, tinyPng([0, 0, 0]), 'logo.png', 'image/png', 'logo');
    const brand = json(
      await call(cast.owner.token, 'POST', '/api/brands', {
        name: 'Acme',
        colors: ['#0b7285'],
        logo_file_id: logo.id,
        default_language: 'ar',
      }),
    ).data;
    const pdf = await upload(cast.owner.token, tinyPdf(), 'terms.pdf', 'application/pdf', 'content');
    await call(cast.owner.token, 'POST', '/api/content', { title: 'Terms', type: 'document', file_id: pdf.id });

    const assets = json(await call(cast.viewer.token, 'GET', '/api/templates/email-assets')).data;
    expect(assets.images.map((i: { title: string; source: string }) => [i.title, i.source])).toEqual([
      ['Summer sale', 'content'],
      ['Acme', 'logo'],
    ]);
    const image = assets.images[0];
    expect(image.id).toBe(item.id);
    expect(image.url).toMatch(new RegExp(`^http://localhost:\\d+/api/s3/public/[\\w-]+/${photo.key}$`));
    expect(assets.brands).toEqual([
      {
        id: brand.id,
        name: 'Acme',
        colors: ['#0B7285'],
        logo_url: expect.stringContaining(`/api/s3/public/`),
        website: null,
        default_language: 'ar',
      },
    ]);

    // no session: the image itself, cacheable; a changed signature, another key or a PDF are not found
    const path = new URL(image.url).pathname;
    const got = await t.app.inject({ method: 'GET', url: path });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('immutable');
    expect(got.rawPayload.equals(tinyPng([10, 120, 200]))).toBe(true);
    const sig = path.split('/')[4] as string;
    expect((await t.app.inject({ method: 'GET', url: path.replace(sig, `${sig.slice(1)}A`) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path.replace(photo.key, logo.key) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/s3/public/${sig}/${pdf.key}` })).statusCode).toBe(404);

    // another account sees only its own
    expect(json(await call(cast.stranger.token, 'GET', '/api/templates/email-assets')).data).toEqual({ images: [], brands: [] });
  });
});

describe('campaign email designed with the builder', () => {
  it('saves the design with its rendering, and a send puts the signed unsubscribe link in the footer', async () => {
    const created = await call(cast.owner.token, 'POST', '/api/campaigns', {
      name: 'Designed',
      channels: ['email'],
      content: { email: { subject: 'Offer for {{first_name|you}}', mjml: design(), html: '<p>whatever the client sent</p>' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = json(created).data;
    expect(campaign.content.email.html).toContain('role="presentation"');
    expect(campaign.content.email.html).not.toContain('whatever the client sent');
    const bad = await call(cast.owner.token, 'PUT', `/api/campaigns/${campaign.id}`, {
      content: { email: { subject: 'x', mjml: 'nope' } },
    });
    expect(json(bad).errors[0].field).toBe('content.email.mjml');

    const sent = await call(cast.owner.token, 'POST', `/api/campaigns/${campaign.id}/test-send`, { emails: ['designer@customer.example'] });
    expect(sent.statusCode, sent.body).toBe(201);
    // the message as the pipeline will send it (tracking is added in the transaction that queues it)
    const [message] = await t.sql(`select payload from messages where bulk_id = $1 and channel = 'email'`, [json(sent).data.batch_id]);
    const html: string = message.payload.html;
    expect(message.payload.headers['List-Unsubscribe']).toMatch(/\/t\/u\/\d+\//);
    const links = [...html.matchAll(/href="([^"]*\/t\/u\/[^"]*)"/g)];
    // one unsubscribe link, in the design's footer (no second footer added), signed, not a counted click
    expect(links).toHaveLength(1);
    expect(html.indexOf(links[0]?.[1] ?? '')).toBeLessThan(html.indexOf('Unsubscribe</a>'));
    expect(html).not.toContain('unsubscribe_url');
    expect(html).toContain('<!--[if mso | IE]>');
    // the button's link is tracked
    expect(html).toMatch(/href="[^"]*\/t\/c\/\d+\/[^"]*\?u=https%3A%2F%2Facme.example"/);
  });
});
