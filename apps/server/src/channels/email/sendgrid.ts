/**
 * SendGrid Web API v3 `/mail/send` over fetch (base URL from SENDGRID_API_BASE). One request per
 * message; `custom_args` name the account and sender so Event Webhook events find their way back.
 * The answer's X-Message-Id is the prefix of every event's sg_message_id.
 */
import type { AppContext } from '../../context.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { EmailSenderRow } from './smtp-transport.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
}

export type SendgridResult =
  | { ok: true; message_id: string | null }
  /** status 0: unreachable */
  | { ok: false; status: number; reason: string };

export async function sendgridSend(ctx: AppContext, row: EmailSenderRow, mail: OutgoingMail): Promise<SendgridResult> {
  if (!row.sendgrid_api_key_enc) return { ok: false, status: 400, reason: 'SendGrid API key is not configured' };
  const key = decryptSecret(ctx.config.encryptionKey, row.sendgrid_api_key_enc);
  const content = [{ type: 'text/plain', value: mail.text || ' ' }, ...(mail.html ? [{ type: 'text/html', value: mail.html }] : [])];
  let res: Response;
  try {
    res = await fetch(`${ctx.config.sendgridApiBase}/v3/mail/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: mail.to }] }],
        from: { email: row.from_email, name: row.from_name },
        ...(row.reply_to ? { reply_to: { email: row.reply_to } } : {}),
        subject: mail.subject,
        content,
        ...(mail.headers ? { headers: mail.headers } : {}),
        custom_args: { risala_account_id: String(row.account_id), risala_sender_id: String(row.id) },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    return { ok: false, status: 0, reason: `SendGrid unreachable: ${(err as Error).message}` };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { errors?: { message?: string }[] };
    return {
      ok: false,
      status: res.status,
      reason:
        body.errors
          ?.map((e) => e.message)
          .filter(Boolean)
          .join('; ') || `SendGrid answered HTTP ${res.status}`,
    };
  }
  await res.body?.cancel().catch(() => {});
  return { ok: true, message_id: res.headers.get('x-message-id') };
}
