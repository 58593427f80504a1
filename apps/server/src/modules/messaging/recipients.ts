/**
 * Who a send reaches, for every channel and every way in (the New message screens, the API,
 * test sends): typed numbers (or emails), customers by id and groups/segments by id, resolved for
 * one channel into unique addresses. Campaigns resolve their audience in SQL with the same rules
 * (campaigns/audience.ts). A typed address that belongs to a customer is
 * linked to that customer (so a STOP or a withdrawn consent is honoured). Another account's
 * customer or group ids → 404. Refused before queueing, counted in `skipped`: invalid addresses,
 * customers without consent for the channel (or without an address for it), duplicates.
 * Blacklists are not checked here: the pipeline's filter stage marks those messages BLOCKED with
 * the list's name, so they show in the history.
 */
import type { Channel, Recipients, SendResult } from '@risala/shared/schemas/messages';
import { normalizeMobile } from '@risala/shared/schemas/customers';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findGroup, groupAudienceWhere } from '../groups/index.ts';

export type CustomerRow = typeof customers.$inferSelect;

export interface Recipient {
  /** E.164 number or lower-case email */
  address: string;
  customer: CustomerRow | null;
}

export interface ResolvedRecipients {
  list: Recipient[];
  skipped: SendResult['skipped'];
}

/** The customer's consent column for each channel: the direct send's check and the filter stage's. */
export const CONSENT = { sms: 'consent_sms', email: 'consent_email', whatsapp: 'consent_whatsapp' } as const satisfies Record<
  Channel,
  string
>;
const normalizeEmail = (v: string) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? v.trim().toLowerCase() : null);

export async function resolveRecipients(db: DbOrTx, accountId: number, input: Recipients, channel: Channel): Promise<ResolvedRecipients> {
  const skipped = { invalid: 0, no_consent: 0, blacklisted: 0, duplicate: 0 };
  const isEmail = channel === 'email';
  // a stored number is read like a typed one (00966… is +966…), so the same person is one recipient
  const addressOf = (c: CustomerRow) =>
    isEmail ? (c.email ? normalizeEmail(c.email) : null) : c.mobile_number ? normalizeMobile(c.mobile_number) : null;

  // typed addresses
  const typed: string[] = [];
  for (const raw of isEmail ? input.emails : input.numbers) {
    const address = isEmail ? normalizeEmail(raw) : normalizeMobile(raw);
    if (address) typed.push(address);
    else skipped.invalid++;
  }
  if (!isEmail && input.emails.length) skipped.invalid += input.emails.length;
  if (isEmail && input.numbers.length) skipped.invalid += input.numbers.length;

  // customers and groups of the account (another account's ids: 404)
  const audience: SQL[] = [];
  const customerIds = [...new Set(input.customer_ids)];
  if (customerIds.length) {
    const found = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.account_id, accountId), inArray(customers.id, customerIds)));
    if (found.length !== customerIds.length) throw new AppError('NOT_FOUND');
    audience.push(inArray(customers.id, customerIds));
  }
  for (const groupId of [...new Set(input.group_ids)]) {
    const group = await findGroup(db, accountId, groupId);
    if (!group) throw new AppError('NOT_FOUND');
    audience.push(groupAudienceWhere(group));
  }
  const members = audience.length
    ? await db
        .select()
        .from(customers)
        .where(and(eq(customers.account_id, accountId), or(...audience)))
        .orderBy(customers.id)
    : [];
  // typed addresses that belong to customers: linked, so their consent applies
  const owners = typed.length
    ? await db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.account_id, accountId),
            isEmail ? inArray(sql`lower(${customers.email})`, typed) : inArray(customers.mobile_number, typed),
          ),
        )
        .orderBy(customers.id)
    : [];
  const ownerOf = new Map<string, CustomerRow>();
  for (const c of owners) {
    const address = addressOf(c);
    if (address && !ownerOf.has(address)) ownerOf.set(address, c);
  }
  const list: Recipient[] = [];
  const seen = new Set<string>();
  const add = (address: string, c: CustomerRow | null) => {
    if (seen.has(address)) {
      skipped.duplicate++;
      return;
    }
    seen.add(address);
    if (c && !c[CONSENT[channel]]) skipped.no_consent++;
    else list.push({ address, customer: c });
  };
  for (const c of members) {
    const address = addressOf(c);
    if (address) add(address, c);
    else skipped.invalid++;
  }
  for (const address of typed) add(address, ownerOf.get(address) ?? null);
  return { list, skipped };
}
