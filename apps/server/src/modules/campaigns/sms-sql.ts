/**
 * A campaign's plain SMS texts rendered by PostgreSQL: for a text whose placeholders are customer
 * fields only (no attributes), a chunk of the audience becomes its messages in one
 * `INSERT … SELECT` — the rows never travel to the server and back, which was about half of the
 * expansion's CPU (docs/decisions.md "Campaign SMS rendered in SQL"). The rendering follows
 * templateParts (the same cut as renderVariables) and the length follows countSms' rules (GSM-7
 * septets with the extension table counting two, else UTF-16 units); where countSms' "never split
 * an extension character or a surrogate pair" could change the count (a multipart message holding
 * one), the SQL leaves the parts to countSms itself.
 */
import { valueIsolation } from '@risala/shared/bidi';
import { type CUSTOMER_VARIABLES, templateDirection, templateParts } from '@risala/shared/schemas/templates';
import { type DestinationRates, SAUDI_MOBILE_PREFIXES, type SaudiOperator } from '@risala/shared/destination';
import { countSms, GSM_BASIC, GSM_EXTENSION, SMS_LIMITS } from '@risala/shared/sms';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { setSmsParts } from '../messaging/index.ts';
import type { Audience } from './audience.ts';
import { countMessages } from '../../metrics.ts';

type Field = (typeof CUSTOMER_VARIABLES)[number];
const FIELDS: Record<Field, SQL> = {
  first_name: sql`${customers.first_name}`,
  last_name: sql`${customers.last_name}`,
  email: sql`${customers.email}`,
  mobile_number: sql`${customers.mobile_number}`,
  city: sql`${customers.city}`,
  country: sql`${customers.country}`,
};

/** The text rendered for a `customers` row, in SQL; null when it needs JavaScript (attributes, unknown names). */
export function smsBodySql(text: string): SQL | null {
  const pieces: SQL[] = [];
  // renderVariables' { isolate: true }: a value holding letters of the other direction is followed by the text's mark
  const isolation = valueIsolation(templateDirection(text));
  const keep = (value: SQL) =>
    isolation ? sql`(case when ${value} ~ ${`[${isolation.opposite}]`} then ${value} || ${isolation.mark}::text else ${value} end)` : value;
  for (const part of templateParts(text)) {
    if ('text' in part) {
      pieces.push(sql`${part.text}::text`);
      continue;
    }
    const column = FIELDS[part.name as Field];
    if (!column) return null;
    // a missing or empty value takes the fallback, as in renderVariables
    pieces.push(keep(sql`coalesce(nullif(${column}, ''), ${part.fallback}::text)`));
  }
  return pieces.length ? sql`concat(${sql.join(pieces, sql`, `)})` : sql`''::text`;
}

/** Every character as a \uXXXX escape (all GSM-7 characters are in the BMP). */
const escapeChars = (chars: string) => [...chars].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const GSM7_TEXT = `^[${escapeChars(GSM_BASIC + GSM_EXTENSION)}]*$`;
const ASTRAL_CHARS = '[^\\U00010000-\\U0010FFFF]';
const { single: GSM_SINGLE, multi: GSM_MULTI } = SMS_LIMITS['GSM-7'];
const { single: UCS_SINGLE, multi: UCS_MULTI } = SMS_LIMITS['UCS-2'];

export interface SmsSqlPlan {
  body: SQL;
  sender: string;
  sms_sender_id: number;
  template_id: number | null;
}

/** The plan's rates per part (minor units) by destination class and the home network. */
export interface SmsPricing extends DestinationRates {
  home: SaudiOperator;
}

/**
 * The rate of a recipient (a SQL text expression) as PostgreSQL computes it: the same classes and
 * prefixes as shared/destination.ts (generated from its table, so the two cannot drift).
 */
export function rateSql(recipient: SQL, p: SmsPricing): SQL {
  const national = sql`(case when ${recipient} like '+966%' then substr(${recipient}, 5)
                             when ${recipient} like '00966%' then substr(${recipient}, 6)
                             when ${recipient} ~ '^966[0-9]{9}$' then substr(${recipient}, 4)
                             when ${recipient} ~ '^05[0-9]{8}$' then substr(${recipient}, 2) end)`;
  // the home network's prefixes never overlap another network's (570–572 vs 576–578 under 57)
  const mine = SAUDI_MOBILE_PREFIXES.filter(([, op]) => op === p.home).map(([prefix]) => `${prefix}%`);
  return sql`(case when ${national} is null then ${p.international}::int
                   when char_length(${national}) = 9 and ${national} like any(${sql.param(mine)}::text[]) then ${p.on_net}::int
                   else ${p.off_net}::int end)`;
}

export interface SmsChunkFields {
  account_id: number;
  user_id: number | null;
  bulk_id: string;
  batch_id: number;
  campaign_id: number;
  status: 'PENDING' | 'SCHEDULED';
}

/**
 * Inserts the messages of the audience's SMS members with ids in (after, upto] (in `variant` when
 * given); answers their ids and the credits they need (their parts).
 */
export async function insertSmsChunk(
  tx: DbOrTx,
  a: Audience,
  plan: SmsSqlPlan,
  range: { after: number; upto: number | null; variant: string | null },
  f: SmsChunkFields,
  pricing: SmsPricing,
): Promise<{ ids: number[]; credits: number }> {
  const { rows } = await tx.execute<{
    ids: (string | number)[] | null;
    credits: number;
    recount: { id: number; created_at: string; body: string }[];
  }>(sql`
    with ins as (
      insert into messages (account_id, user_id, bulk_id, batch_id, campaign_id, customer_id, channel, recipient,
                            sender, sms_sender_id, template_id, body, encoding, parts, credits, cost, status)
      select ${f.account_id}::int, ${f.user_id}::int, ${f.bulk_id}::text, ${f.batch_id}::int, ${f.campaign_id}::int, customer_id,
             'sms', recipient, ${plan.sender}::text, ${plan.sms_sender_id}::int, ${plan.template_id}::int, body,
             case when gsm then 'GSM-7' else 'UCS-2' end, parts, greatest(parts, 0),
             -- each part at its destination class's rate (minor units → the numeric column's SAR); a row
             -- whose parts JavaScript counts below (-1) carries the rate per part, setSmsParts multiplies
             (case when parts < 0 then 1 else parts end) * ${rateSql(sql`recipient`, pricing)} / 100.0, ${f.status}::text
        -- each level computes its columns once per row ("offset 0" keeps the planner from pasting
        -- the body and its regex into every use above)
        from (select m.*, case when len = 0 then 0
                               when len <= (case when gsm then ${GSM_SINGLE}::int else ${UCS_SINGLE}::int end) then 1
                               -- no two-unit character: a plain division (else countSms decides, below)
                               when len = n then ceil(len::numeric / (case when gsm then ${GSM_MULTI}::int else ${UCS_MULTI}::int end))::int
                               else -1 end as parts
                from (select s.*, case when gsm then n + n - char_length(translate(body, ${GSM_EXTENSION}::text, ''))
                                       else n + char_length(regexp_replace(body, ${ASTRAL_CHARS}::text, '', 'g')) end as len
                        from (select r.*, body ~ ${GSM7_TEXT}::text as gsm, char_length(body) as n
                                from (select ${customers.id} as customer_id, ${customers.mobile_number} as recipient, ${plan.body} as body
                                        from ${customers}
                                       where ${a.where} and ${customers.id} > ${range.after} ${range.upto === null ? sql`` : sql`and ${customers.id} <= ${range.upto}`}
                                         and ${a.channel} = 'sms' ${range.variant === null ? sql`` : sql`and ${a.variant} = ${range.variant}::text`}
                                       order by ${customers.id} offset 0) r
                              offset 0) s
                      offset 0) m
              offset 0) sized
      returning id, created_at, parts, credits, case when parts < 0 then body end as body
    )
    select array_agg(id order by id) as ids, coalesce(sum(credits), 0)::int as credits,
           coalesce(json_agg(json_build_object('id', id, 'created_at', created_at, 'body', body)) filter (where parts < 0), '[]') as recount
      from ins`);
  const r = rows[0];
  const ids = (r?.ids ?? []).map(Number);
  countMessages('sms', 'PENDING', ids.length);
  let credits = r?.credits ?? 0;
  const recount = r?.recount ?? [];
  if (recount.length) {
    const parts = recount.map((m) => countSms(m.body).parts);
    credits += parts.reduce((n, p) => n + p, 0);
    await setSmsParts(
      tx,
      recount.map((m, i) => ({ id: m.id, created_at: m.created_at, parts: parts[i] as number })),
    );
  }
  return { ids, credits };
}
