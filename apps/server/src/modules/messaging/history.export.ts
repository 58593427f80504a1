import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { csvCell } from '../../lib/csv-formula.ts';
import { isoInZone } from '@risala/shared/time';
import { accountTimeZone, type AuthContext } from '../auth/index.ts';
import * as repo from './history.repo.ts';
import { type Lang, toMessageDto } from './history.service.ts';

/** Rows read per query: bounded memory whatever the account's size. */
const CHUNK = 2000;

/** One row per recipient; the readable reason is in the caller's language (translated here, not in SQL). */
const HEADER = [
  'id',
  'created_at',
  'channel',
  'status',
  'recipient',
  'sender',
  'subject',
  'body',
  'encoding',
  'parts',
  'credits',
  'cost',
  'bulk_id',
  'campaign_id',
  'customer_id',
  'connection',
  'provider_message_id',
  'error_code',
  'error_message',
  'blocked_by',
  'possible_duplicate',
  'scheduled_at',
  'queued_at',
  'sent_at',
  'delivered_at',
  'read_at',
  'failed_at',
] as const;

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The filtered history as CSV (UTF-8 with BOM so Excel shows Arabic), streamed: keyset pages of
 * CHUNK rows in (created_at, id) order, each read only when the client has taken the previous one.
 * Times are ISO 8601 in the account's time zone with its offset ("2026-11-26T08:41:05+03:00"), as
 * the app shows them, and still exact for a program reading the file.
 */
export function exportMessagesCsv(ctx: AppContext, auth: AuthContext, filter: repo.MessageFilter, lang: Lang): Readable {
  const where = repo.messageWhere(auth.accountId, filter);
  async function* rows() {
    const zone = await accountTimeZone(ctx.db, auth.accountId);
    const at = (v: string | null) => isoInZone(v, zone);
    yield `\ufeff${line([...HEADER])}`;
    let after: repo.ExportRow | null = null;
    for (;;) {
      const chunk: repo.ExportRow[] = await repo.exportChunk(ctx.db, where, after, CHUNK);
      if (chunk.length === 0) return;
      let text = '';
      for (const r of chunk) {
        const m = toMessageDto(r, lang);
        text += line([
          m.id,
          at(m.created_at),
          m.channel,
          m.status,
          m.recipient,
          m.sender,
          m.subject,
          m.body,
          m.encoding,
          m.parts,
          m.credits,
          m.cost,
          m.bulk_id,
          m.campaign_id,
          m.customer_id,
          m.connection_name,
          m.provider_message_id,
          m.error_code,
          m.error_message,
          m.blocked_by,
          m.possible_duplicate,
          at(m.scheduled_at),
          at(m.queued_at),
          at(m.sent_at),
          at(m.delivered_at),
          at(m.read_at),
          at(m.failed_at),
        ]);
      }
      yield text;
      if (chunk.length < CHUNK) return;
      after = chunk[chunk.length - 1];
    }
  }
  return Readable.from(rows(), { objectMode: false });
}
