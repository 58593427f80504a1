/**
 * What each channel of a campaign sends, resolved once per deploy, batch run or test send: the
 * sender (ACTIVE / verified — the same checks as the direct sends) and the content (an APPROVED
 * template of the channel, or text / a content item), and a renderer that personalises one message
 * per customer. Email gets the tracking links, pixel, unsubscribe link and headers here.
 */
import type { CampaignContent } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';
import { extractVariables, renderVariables } from '@risala/shared/schemas/templates';
import { countSms } from '@risala/shared/sms';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { content as contentItems, whatsappTemplates } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fillParams, type NewMessage, resolveEmailSender, resolveWhatsappSender, setMessageContent } from '../messaging/index.ts';
import { findDefaultSmsSender, findSmsSender } from '../senders/index.ts';
import {
  customerValues,
  emailRenderer,
  findTemplate,
  hasVisibleContent,
  htmlToText,
  renderDesign,
  renderer,
  sanitizeEmailHtml,
  textToHtml,
} from '../templates/index.ts';
import type { AudienceMember } from './audience.ts';
import { type SmsSqlPlan, smsBodySql } from './sms-sql.ts';
import { addTracking, type TrackingKeys } from './tracking.ts';

export interface CampaignSenders {
  sms_sender_id?: number | null;
  email_sender_id?: number | null;
  whatsapp_sender_id?: number | null;
}

/** The per-message fields a channel fills in. */
export type Rendered = Pick<
  NewMessage,
  | 'channel'
  | 'recipient'
  | 'sender'
  | 'sms_sender_id'
  | 'email_sender_id'
  | 'whatsapp_sender_id'
  | 'template_id'
  | 'whatsapp_template_id'
  | 'subject'
  | 'body'
  | 'payload'
  | 'encoding'
  | 'parts'
  | 'credits'
>;

export interface ChannelPlan {
  channel: Channel;
  /** the message for one customer (or a typed test address) */
  render(m: Recipient): Rendered;
  /** its texts use `{{attributes.…}}` (else the expansion does not read the customers' attributes) */
  usesAttributes: boolean;
  /** SMS whose text PostgreSQL can render (customer fields only): the expansion inserts it in SQL */
  sql?: SmsSqlPlan;
}

const mentionsAttributes = (...texts: (string | null | undefined)[]) =>
  extractVariables(...texts).variables.some((v) => v.startsWith('attributes.'));

export type Recipient = Pick<AudienceMember, 'first_name' | 'last_name' | 'email' | 'mobile_number' | 'city' | 'country' | 'attributes'> & {
  language?: string;
  address: string;
};

const values = (m: Recipient) => customerValues(m as unknown as Parameters<typeof customerValues>[0]);

/** Re-throws a resolution failure with the field it concerns (the launcher shows it beside the step). */
function onField<T>(field: string, fn: () => Promise<T>): Promise<T> {
  return fn().catch((err) => {
    if (!(err instanceof AppError)) throw err;
    throw new AppError(err.code, { errors: [{ field, message: `errors.${err.code}` }], params: err.params, data: { field } });
  });
}

const missing = (field: string) => new AppError('VALIDATION_ERROR', { errors: [{ field, message: 'validation.required' }] });

async function smsPlan(
  db: DbOrTx,
  accountId: number,
  c: NonNullable<CampaignContent['sms']>,
  senderId: number | null | undefined,
): Promise<ChannelPlan> {
  const sender = await onField('senders.sms_sender_id', async () => {
    const row = senderId ? await findSmsSender(db, accountId, senderId) : await findDefaultSmsSender(db, accountId);
    if (!row) throw new AppError(senderId ? 'NOT_FOUND' : 'NO_ACTIVE_SENDER');
    if (row.status !== 'ACTIVE') throw new AppError(senderId ? 'SENDER_NOT_APPROVED' : 'NO_ACTIVE_SENDER');
    return row;
  });
  let text = c.text ?? '';
  let templateId: number | null = null;
  if (c.template_id) {
    const row = await onField('content.sms.template_id', async () => {
      const t = await findTemplate(db, accountId, c.template_id as number);
      if (t?.message_type !== 'sms') throw new AppError('NOT_FOUND');
      if (t.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
      return t;
    });
    text = row.template_text;
    templateId = row.id;
  } else if (!text.trim()) throw missing('content.sms.text');
  const bodySql = smsBodySql(text);
  return {
    channel: 'sms',
    usesAttributes: mentionsAttributes(text),
    ...(bodySql ? { sql: { body: bodySql, sender: sender.sender_id, sms_sender_id: sender.id, template_id: templateId } } : {}),
    render(m) {
      const body = renderVariables(text, values(m), undefined, { isolate: true });
      const count = countSms(body);
      return {
        channel: 'sms',
        recipient: m.address,
        sender: sender.sender_id,
        sms_sender_id: sender.id,
        template_id: templateId,
        body,
        encoding: count.encoding,
        parts: count.parts,
        credits: count.parts,
      };
    },
  };
}

/** The content as stored: a composed email's HTML through the one sanitiser, everything else as given. */
export function storedContent(c: CampaignContent): CampaignContent {
  return c.email?.html ? { ...c, email: { ...c.email, html: sanitizeEmailHtml(c.email.html) } } : c;
}

/**
 * A composed email built with the visual builder carries its design (`mjml`); its `html` is the
 * server's rendering of it, made here when the draft is saved, whatever HTML the client sent.
 */
export async function withRenderedDesign(c: CampaignContent, field: string): Promise<CampaignContent> {
  if (!c.email?.mjml) return c;
  return { ...c, email: { ...c.email, html: await renderDesign(c.email.mjml, field) } };
}

type MailRender = (v: Record<string, string | null>) => { subject: string; text: string; html: string | null };

async function emailContent(db: DbOrTx, accountId: number, c: NonNullable<CampaignContent['email']>, prefix: string) {
  if (c.template_id) {
    const row = await onField(`${prefix}.template_id`, async () => {
      const t = await findTemplate(db, accountId, c.template_id as number);
      if (t?.message_type !== 'email') throw new AppError('NOT_FOUND');
      if (t.status !== 'APPROVED') throw new AppError('TEMPLATE_NOT_APPROVED');
      return t;
    });
    return {
      templateId: row.id,
      usesAttributes: mentionsAttributes(row.subject, row.template_text, row.html),
      render: renderer(row) as MailRender,
    };
  }
  let html = c.html ?? null;
  if (c.content_id) {
    const [item] = await db
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.account_id, accountId), eq(contentItems.id, c.content_id)));
    if (!item) throw new AppError('NOT_FOUND', { errors: [{ field: `${prefix}.content_id`, message: 'errors.NOT_FOUND' }] });
    html = textToHtml([item.body, item.url].filter(Boolean).join('\n\n'));
  }
  if (!c.subject?.trim()) throw missing(`${prefix}.subject`);
  // sanitised again here: a draft saved before sanitising was on (or through another path) never goes out raw
  const body = html ? sanitizeEmailHtml(html) : '';
  if (!hasVisibleContent(body)) throw missing(`${prefix}.html`);
  const subject = c.subject;
  return {
    templateId: null,
    usesAttributes: mentionsAttributes(subject, body),
    render: emailRenderer({ subject, html: body, text: htmlToText(body) }) as MailRender,
  };
}

async function emailPlan(
  db: DbOrTx,
  accountId: number,
  c: NonNullable<CampaignContent['email']>,
  senderId: number | null | undefined,
  prefix = 'content.email',
): Promise<ChannelPlan> {
  const sender = await onField('senders.email_sender_id', () => resolveEmailSender(db, accountId, senderId));
  const { templateId, render, usesAttributes } = await emailContent(db, accountId, c, prefix);
  return {
    channel: 'email',
    usesAttributes,
    render(m) {
      const mail = render(values(m));
      return {
        channel: 'email',
        recipient: m.address,
        sender: sender.from_email,
        email_sender_id: sender.id,
        template_id: templateId,
        subject: mail.subject,
        body: mail.text,
        payload: mail.html ? { html: mail.html } : {},
        parts: 1,
        credits: 1,
      };
    },
  };
}

/**
 * Email messages just inserted get their tracking (which needs their ids): links, pixel and
 * unsubscribe in the body, the List-Unsubscribe headers in payload.headers — one read and one
 * bulk update per chunk, in the transaction that inserted them (before any stage can see them).
 * Rows are matched by customer and address.
 */
export async function addEmailTracking(
  ctx: AppContext,
  tx: DbOrTx,
  rows: NewMessage[],
  ids: number[],
  languages: Map<number, string> = new Map(),
) {
  const emails = rows.filter((r) => r.channel === 'email');
  if (emails.length === 0) return;
  const key = (customerId: unknown, recipient: string) => `${customerId ?? ''}|${recipient}`;
  const byKey = new Map(emails.map((r) => [key(r.customer_id, r.recipient), r]));
  const { rows: inserted } = await tx.execute<{ id: string; customer_id: string | null; recipient: string }>(sql`
    select id, customer_id, recipient from messages where id = any(${sql.param(ids)}::bigint[]) and channel = 'email'`);
  const keys = trackingKeys(ctx);
  const out = inserted.flatMap((m) => {
    const r = byKey.get(key(m.customer_id === null ? null : Number(m.customer_id), m.recipient));
    if (!r) return [];
    const id = Number(m.id);
    const payload = (r.payload ?? {}) as { html?: string };
    const lang = r.customer_id ? languages.get(Number(r.customer_id)) : undefined;
    const t = addTracking(keys, id, { html: payload.html ?? null, text: r.body ?? '' }, lang);
    return [{ id, body: t.text, payload: JSON.stringify({ ...(t.html ? { html: t.html } : {}), headers: t.headers }) }];
  });
  if (out.length === 0) return;
  await setMessageContent(tx, out);
}

async function whatsappPlan(
  db: DbOrTx,
  accountId: number,
  c: NonNullable<CampaignContent['whatsapp']>,
  senderId: number | null | undefined,
): Promise<ChannelPlan> {
  const sender = await onField('senders.whatsapp_sender_id', () => resolveWhatsappSender(db, accountId, senderId));
  if (!c.whatsapp_template_id) throw missing('content.whatsapp.whatsapp_template_id');
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.account_id, accountId), eq(whatsappTemplates.id, c.whatsapp_template_id)));
  const field = 'content.whatsapp.whatsapp_template_id';
  if (!row) throw new AppError('NOT_FOUND', { errors: [{ field, message: 'errors.NOT_FOUND' }] });
  if (row.status !== 'APPROVED')
    throw new AppError('TEMPLATE_NOT_APPROVED', { errors: [{ field, message: 'errors.TEMPLATE_NOT_APPROVED' }] });
  const body = ((row.components ?? []) as { type: string; text?: string }[]).find((x) => x.type === 'BODY')?.text ?? '';
  const expected = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
  const params = c.params ?? [];
  if (params.length !== expected) {
    throw new AppError('VALIDATION_ERROR', {
      errors: [{ field: 'content.whatsapp.params', message: 'whatsapp.send.paramsCount' }],
      data: { expected },
    });
  }
  return {
    channel: 'whatsapp',
    usesAttributes: mentionsAttributes(...params),
    render(m) {
      const filled = params.map((p) => renderVariables(p, values(m)));
      return {
        channel: 'whatsapp',
        recipient: m.address,
        sender: sender.phone_number,
        whatsapp_sender_id: sender.id,
        whatsapp_template_id: row.id,
        body: fillParams(body, filled),
        payload: { type: 'template', template_name: row.name, language: row.language, params: filled },
        parts: 1,
        credits: 1,
      };
    },
  };
}

export const trackingKeys = (ctx: AppContext): TrackingKeys => ({ baseUrl: ctx.config.publicUrl, secret: ctx.config.jwtSecret });

/** The plan of one channel; a missing content or sender, an unapproved template … → AppError with its field. */
export async function channelPlan(
  db: DbOrTx,
  accountId: number,
  channel: Channel,
  content: CampaignContent,
  senders: CampaignSenders,
  prefix = 'content',
): Promise<ChannelPlan> {
  if (channel === 'sms') {
    if (!content.sms) throw missing(`${prefix}.sms`);
    return smsPlan(db, accountId, content.sms, senders.sms_sender_id);
  }
  if (channel === 'email') {
    if (!content.email) throw missing(`${prefix}.email`);
    return emailPlan(db, accountId, content.email, senders.email_sender_id, `${prefix}.email`);
  }
  if (!content.whatsapp) throw missing(`${prefix}.whatsapp`);
  return whatsappPlan(db, accountId, content.whatsapp, senders.whatsapp_sender_id);
}
