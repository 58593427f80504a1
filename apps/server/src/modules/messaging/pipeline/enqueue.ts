/**
 * The pipeline's entrance: messages inserted in chunks, each one INSERT … SELECT FROM unnest (one
 * text[] parameter per column, cast to the column's type — no per-row parameters to build), and
 * PENDING rows go to the router queue as chunk jobs queued in the same transaction (both commit or
 * neither does).
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { messages } from '../../../db/schema/messages.ts';
import type { NewMessage } from './contracts.ts';
import { chunks, queueChunks, TASKS } from './jobs.ts';

const COLUMNS = getTableColumns(messages);

/** A value as PostgreSQL reads it from text. */
function asText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `{${v.join(',')}}`;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

async function insertChunk(tx: DbOrTx, rows: NewMessage[]) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => (r as Record<string, unknown>)[k] !== undefined)))].filter(
    (k) => k in COLUMNS,
  ) as (keyof typeof COLUMNS)[];
  const arrays = names.map((name) => sql`${sql.param(rows.map((r) => asText((r as Record<string, unknown>)[name])))}::text[]`);
  const casts = names.map((name) => {
    const column = COLUMNS[name];
    // a missing value takes the column's default (not null) rather than NULL
    const value = sql`${sql.raw(`v.${name}`)}::${sql.raw(column.getSQLType())}`;
    return column.notNull && column.hasDefault ? sql`coalesce(${value}, ${sql.raw(defaultSql(name))})` : value;
  });
  const { rows: inserted } = await tx.execute<{ id: string; status: string }>(sql`
    insert into messages (${sql.raw(names.join(', '))})
    select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as v(${sql.raw(names.join(', '))})
    returning id, status`);
  return inserted;
}

/** The SQL default of a column (as in the schema) for rows that leave it out. */
function defaultSql(name: keyof typeof COLUMNS): string {
  const column = COLUMNS[name];
  const d = column.default as unknown;
  if (d && typeof d === 'object' && 'queryChunks' in d) {
    return (d as { queryChunks: { value?: string[] }[] }).queryChunks.map((c) => c.value?.join('') ?? '').join('');
  }
  if (typeof d === 'string') return `'${d.replace(/'/g, "''")}'`;
  return String(d);
}

export async function enqueueMessages(ctx: AppContext, tx: DbOrTx, rows: NewMessage[]): Promise<{ count: number; ids: number[] }> {
  const pending: number[] = [];
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    for (const r of await insertChunk(tx, part)) {
      const id = Number(r.id);
      ids.push(id);
      if (r.status === 'PENDING') pending.push(id);
    }
  }
  await queueChunks(ctx, tx, TASKS.route, pending);
  return { count: rows.length, ids };
}
