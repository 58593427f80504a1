/**
 * What the demo account starts with, so a visitor can launch a campaign at once: a brand, 500
 * customers (Arabic and English names, Saudi and Emirati numbers, mixed consents), a static group
 * of all of them, a dynamic segment, and an approved SMS and email template. Written once, with the
 * account (seed.ts); a real sign-up starts empty.
 */
import type { SegmentRules } from '@risala/shared/schemas/groups';
import { extractVariables } from '@risala/shared/schemas/templates';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/client.ts';
import { brands, customerGroups, templates } from './db/schema/index.ts';
import { countSegment } from './modules/groups/index.ts';

export const DEMO_CUSTOMERS = 500;

const SMS_TEXT = 'Hi {{first_name|there}}, our weekend offer is live: 20% off everything until Sunday.';
const EMAIL_SUBJECT = '{{first_name|Hello}}, your weekend offer is here';
const EMAIL_HTML =
  '<h1>Weekend offer</h1><p>Dear {{first_name|customer}},</p><p>Everything in store is <strong>20% off</strong> until Sunday.</p>' +
  '<p><a href="https://shop.example/offer">Shop the offer</a></p>';

export async function seedDemoData(tx: DbOrTx, accountId: number, userId: number): Promise<void> {
  const [brand] = await tx
    .insert(brands)
    .values({
      account_id: accountId,
      name: 'Risala Demo Store',
      description: 'A fashion and home store in Riyadh and Dubai.',
      website: 'https://shop.example',
      industry: 'Retail',
      colors: ['#1c7ed6', '#f08c00'],
      voice_tone: 'Warm, short sentences, no slang.',
      created_by: userId,
    })
    .returning({ id: brands.id });
  // deterministic, so every fresh install shows the same data; numbers in the 9665 0xxx xxxx range
  await tx.execute(sql`
    insert into customers (account_id, brand_id, first_name, last_name, mobile_number, email, language, country, city, tags, attributes,
                           consent_sms, consent_sms_source, consent_sms_at, consent_email, consent_email_source, consent_email_at,
                           consent_whatsapp, consent_whatsapp_source, consent_whatsapp_at)
    select ${accountId}, ${brand?.id ?? null}::int, f.name, l.name,
           case when g % 4 = 3 then '+9715' || lpad((g * 7919 % 10000000)::text, 8, '0') else '+9665' || lpad((g * 7919 % 10000000)::text, 8, '0') end,
           'customer' || g || '@demo.example', case when not k.arabic and g % 3 = 0 then 'en' else 'ar' end,
           case when g % 4 = 3 then 'AE' else 'SA' end,
           case when g % 4 = 3 then 'Dubai' else (array['Riyadh', 'Jeddah', 'Dammam'])[1 + g % 3] end,
           case when g % 10 = 0 then array['vip', 'newsletter'] when g % 3 = 0 then array['newsletter'] else '{}'::text[] end,
           jsonb_build_object('tier', (array['gold', 'silver', 'bronze'])[1 + g % 3], 'orders', g % 12),
           g % 5 <> 0, case when g % 5 <> 0 then 'demo' end, case when g % 5 <> 0 then now() end,
           g % 10 < 7, case when g % 10 < 7 then 'demo' end, case when g % 10 < 7 then now() end,
           g % 5 < 2, case when g % 5 < 2 then 'demo' end, case when g % 5 < 2 then now() end
      from generate_series(1, ${DEMO_CUSTOMERS}::int) g
      -- Arabic first names (the last six) go with Arabic family names
      cross join lateral (select g % 16 >= 10 as arabic) k
      cross join lateral (select (array['Layla', 'Omar', 'Sara', 'Khalid', 'Noura', 'Fahad', 'Huda', 'Yousef', 'Reem', 'Faisal',
                                        'ليلى', 'عمر', 'سارة', 'خالد', 'نورة', 'فهد'])[1 + g % 16] as name) f
      cross join lateral (select case when k.arabic then (array['الحربي', 'العتيبي', 'القحطاني'])[1 + g % 3]
                                      else (array['Al-Harbi', 'Al-Otaibi', 'Saleh', 'Haddad'])[1 + g % 4] end as name) l`);
  const [group] = await tx
    .insert(customerGroups)
    .values({
      account_id: accountId,
      group_name: 'Demo customers',
      group_description: `All ${DEMO_CUSTOMERS} demo customers`,
      type: 'static',
      status: 'ACTIVE',
      created_by: userId,
    })
    .returning({ id: customerGroups.id });
  // contacts_count follows group_members (its trigger)
  await tx.execute(sql`
    insert into group_members (account_id, group_id, customer_id) select ${accountId}, ${group?.id}::int, id from customers where account_id = ${accountId}`);
  const rules: SegmentRules = {
    match: 'all',
    conditions: [
      { type: 'field', field: 'city', op: 'eq', value: 'Riyadh' },
      { type: 'consent', channel: 'sms', value: true },
    ],
  };
  await tx.insert(customerGroups).values({
    account_id: accountId,
    group_name: 'Riyadh SMS subscribers',
    group_description: 'Customers in Riyadh who accept SMS',
    type: 'dynamic',
    rules,
    // the list shows a segment's last stored count
    contacts_count: await countSegment(tx, accountId, rules),
    status: 'ACTIVE',
    created_by: userId,
  });
  const approved = {
    account_id: accountId,
    brand_id: brand?.id ?? null,
    category: 'marketing',
    status: 'APPROVED',
    created_by: userId,
    reviewed_by: userId,
    reviewed_at: new Date(),
  };
  await tx.insert(templates).values([
    {
      ...approved,
      template_name: 'Weekend offer (SMS)',
      message_type: 'sms',
      template_text: SMS_TEXT,
      variables: extractVariables(SMS_TEXT).variables,
    },
    {
      ...approved,
      template_name: 'Weekend offer (email)',
      message_type: 'email',
      subject: EMAIL_SUBJECT,
      html: EMAIL_HTML,
      template_text: 'Dear {{first_name|customer}}, everything in store is 20% off until Sunday: https://shop.example/offer',
      variables: extractVariables(EMAIL_SUBJECT, EMAIL_HTML).variables,
    },
  ]);
}
