/**
 * The audit log as owners and admins read it (GET /api/audit-log) and export it (CSV, streamed in
 * keyset chunks: bounded memory whatever the log's size; cells formula-safe by the product's one
 * CSV rule in @risala/shared/csv).
 */
import { Readable } from 'node:stream';
import { translate } from '@risala/shared/i18n/index.ts';
import type { AuditFilter, AuditPage, AuditQuery } from '@risala/shared/schemas/audit';
import { isoInZone } from '@risala/shared/time';
import type { AppContext } from '../../context.ts';
import { csvCell } from '../../lib/csv-formula.ts';
import * as repo from './audit-log.repo.ts';

export async function list(ctx: AppContext, accountId: number, q: AuditQuery): Promise<AuditPage> {
  const zone = await repo.accountZone(ctx.db, accountId);
  const { cursor, limit, ...filter } = q;
  const rows = await repo.page(ctx.db, repo.auditWhere(accountId, filter, zone), repo.decodeCursor(cursor), limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ cursor_micros: _c, ...r }) => r),
    next_cursor: rows.length > limit && last ? repo.encodeCursor({ micros: last.cursor_micros, id: last.id }) : null,
    time_zone: zone,
  };
}

export const actors = (ctx: AppContext, accountId: number) => repo.actors(ctx.db, accountId);

/** An action in words in the reader's language (the action itself when the catalogue has no name for it). */
export function actionName(lang: string, action: string): string {
  const key = `audit.actions.${action}`;
  const text = translate(lang, key);
  return text === key ? action : text;
}

const CHUNK = 2000;
const HEADER = [
  'time',
  'actor_type',
  'actor',
  'actor_email',
  'action',
  'action_name',
  'target_type',
  'target_id',
  'target',
  'ip',
  'details',
];
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The filtered log as CSV (UTF-8 with BOM so spreadsheets show Arabic), times in the account's zone. */
export function exportCsv(ctx: AppContext, accountId: number, filter: AuditFilter, lang: string): Readable {
  async function* chunks() {
    const zone = await repo.accountZone(ctx.db, accountId);
    const where = repo.auditWhere(accountId, filter, zone);
    yield `\ufeff${line(HEADER)}`;
    let after: repo.Cursor | null = null;
    for (;;) {
      const rows = await repo.page(ctx.db, where, after, CHUNK);
      if (rows.length === 0) return;
      let text = '';
      for (const r of rows) {
        text += line([
          isoInZone(r.created_at, zone),
          r.actor_type,
          r.actor_name,
          r.actor_email,
          r.action,
          actionName(lang, r.action),
          r.target_type,
          r.target_id,
          r.target_label,
          r.ip,
          Object.keys(r.data ?? {}).length ? JSON.stringify(r.data) : '',
        ]);
      }
      yield text;
      const last = rows[rows.length - 1];
      if (rows.length < CHUNK || !last) return;
      after = { micros: last.cursor_micros, id: last.id };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
