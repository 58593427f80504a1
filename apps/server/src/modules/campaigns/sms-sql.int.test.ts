/**
 * The SQL rendering of campaign SMS (sms-sql.ts) gives, row for row, what the JavaScript renderer
 * gives (renderVariables with `isolate` + countSms): bodies — with the direction mark after a value
 * of the other direction — encodings, parts and credits, on names that switch the encoding, carry extension characters or emoji, are empty or missing, and texts around the
 * single- and multi-part boundaries.
 */
import { renderVariables } from '@risala/shared/schemas/templates';
import { partsCost } from '@risala/shared/destination';
import { countSms } from '@risala/shared/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signUp, type TestApp } from '../../test/helper.ts';
import { buildAudience } from './audience.ts';
import { insertSmsChunk, smsBodySql } from './sms-sql.ts';

const PRICING = { on_net: 7, off_net: 9, international: 28, home: 'stc' as const };

let t: TestApp;
let accountId: number;
let groupId: number;

const NAMES: (string | null)[] = [
  'Huda',
  '',
  null,
  'هدى',
  '😀 Sara',
  'a{b}',
  'Ç\nØ\rß',
  'tab\there',
  'back`tick',
  'x'.repeat(150),
  '€'.repeat(80),
  `${'y'.repeat(151)}€`,
  'ع'.repeat(70),
  'ع'.repeat(71),
  '😀'.repeat(40),
  `${'ع'.repeat(65)}😀`,
  // the character that would straddle two parts moves to the next one: 3 parts, not 306/153 = 2
  `${'y'.repeat(152)}€${'y'.repeat(152)}`,
  `${'ع'.repeat(66)}😀${'ع'.repeat(66)}`,
];
const CITIES: (string | null)[] = ['Riyadh', null, 'جدة', ''];

const TEXTS = [
  'Hi {{first_name|friend}}!',
  'Hi {{first_name}}, 20% off this weekend',
  '{{first_name}}',
  'مرحبا {{ first_name | صديقي }} من {{city}}',
  '{{first_name}}{{last_name|x}} [{{city|nowhere}}] ~^|\\',
  `${'z'.repeat(152)}{{first_name}}`,
  `${'z'.repeat(159)}{{city}}`,
  `${'€'.repeat(76)}{{first_name}}`,
  'no placeholders at all',
];

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t);
  accountId = (await signIn(t, a.email)).user.account_id;
  const ids = await t.sql<{ id: string }>(
    `insert into customers (account_id, first_name, last_name, city, mobile_number, consent_sms)
     select $1, n.name, case when n.i % 3 = 0 then 'Saleh' end, ($3::text[])[1 + n.i % 4], (array['+96650', '+96654', '+96658', '+97150', '+96657'])[1 + n.i % 5] || lpad(n.i::text, 7, '0'), true
       from unnest($2::text[]) with ordinality as n(name, i) returning id`,
    [accountId, NAMES, CITIES],
  );
  const [g] = await t.sql<{ id: number }>(
    `insert into customer_groups (account_id, group_name, type, status, contacts_count) values ($1, 'SQL render', 'static', 'ACTIVE', $2) returning id`,
    [accountId, ids.length],
  );
  groupId = g.id;
  await t.sql('insert into group_members (account_id, group_id, customer_id) select $1, $2, unnest($3::bigint[])', [
    accountId,
    groupId,
    ids.map((r) => r.id),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('campaign SMS rendered in SQL', () => {
  it('renders only customer fields: attributes and unknown names stay in JavaScript', () => {
    expect(smsBodySql('Hi {{first_name}} {{city|x}}')).not.toBeNull();
    expect(smsBodySql('Your tier: {{attributes.tier}}')).toBeNull();
    expect(smsBodySql('Hi {{nickname}}')).toBeNull();
  });

  it.each(TEXTS.map((text, i) => [i, text]))(
    'text %i gives the JavaScript renderer’s body, encoding, parts and credits',
    async (i, text) => {
      const body = smsBodySql(text as string);
      expect(body).not.toBeNull();
      const campaignId = 900_000 + (i as number);
      const audience = await buildAudience(t.ctx.db, accountId, { group_ids: [groupId], exclude_group_ids: [] }, ['sms']);
      const got = await t.ctx.db.transaction((tx) =>
        insertSmsChunk(
          tx,
          audience,
          { body: body as NonNullable<typeof body>, sender: 'Risala', sms_sender_id: 1, template_id: null },
          { after: 0, upto: null, variant: null },
          { account_id: accountId, user_id: null, bulk_id: `SQL-${i}`, batch_id: 1, campaign_id: campaignId, status: 'PENDING' },
          PRICING,
        ),
      );
      const rows = await t.sql(
        `select m.id, m.body, m.encoding, m.parts, m.credits, m.cost::text as cost, m.recipient, m.status, m.stage, c.first_name, c.last_name, c.city, c.mobile_number
         from messages m join customers c on c.id = m.customer_id where m.campaign_id = $1 order by m.id`,
        [campaignId],
      );
      expect(rows).toHaveLength(NAMES.length);
      expect(got.ids).toEqual(rows.map((r) => Number(r.id)));
      let credits = 0;
      for (const r of rows) {
        const expected = renderVariables(
          text as string,
          { first_name: r.first_name, last_name: r.last_name, city: r.city, mobile_number: r.mobile_number },
          undefined,
          { isolate: true },
        );
        const count = countSms(expected);
        expect({ body: r.body, encoding: r.encoding, parts: r.parts, credits: r.credits }, JSON.stringify(r.first_name)).toEqual({
          body: expected,
          encoding: count.encoding,
          parts: count.parts,
          credits: count.parts,
        });
        expect(r).toMatchObject({ recipient: r.mobile_number, status: 'PENDING', stage: 'route' });
        // the SQL prices each part at the destination class the shared classifier gives
        expect(Math.round(Number(r.cost) * 100), r.recipient).toBe(partsCost(r.recipient, count.parts, PRICING, 'stc'));
        credits += count.parts;
      }
      expect(got.credits).toBe(credits);
    },
  );
});
