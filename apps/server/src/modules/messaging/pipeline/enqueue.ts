/**
 * The pipeline's entrance: messages inserted in chunks, each one INSERT … SELECT FROM
 * json_to_recordset (the chunk as one JSON parameter, typed by the columns — no per-row
 * parameters to build), and
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

async function insertChunk(tx: DbOrTx, rows: NewMessage[]) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => (r as Record<string, unknown>)[k] !== undefined)))].filter(
    (k) => k in COLUMNS,
  ) as (keyof typeof COLUMNS)[];
  const values = names.map((name) => {
    const column = COLUMNS[name];
    // a missing value takes the column's default (not null) rather than NULL
    const value = sql.raw(`v.${name}`);
    return column.notNull && column.hasDefault ? sql`coalesce(${value}, ${sql.raw(defaultSql(name))})` : value;
  });
  const types = names.map((name) => `${name} ${COLUMNS[name].getSQLType()}`).join(', ');
  // one JSON document for the chunk: a single native JSON.stringify here and one parse in
  // PostgreSQL, instead of a text[] per column built and escaped value by value
  const { rows: inserted } = await tx.execute<{ id: string; status: string }>(sql`
    insert into messages (${sql.raw(names.join(', '))})
    select ${sql.join(values, sql`, `)} from json_to_recordset(${JSON.stringify(rows)}::json) as v(${sql.raw(types)})
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
