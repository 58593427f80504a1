import { PassThrough, type Readable } from 'node:stream';
import type { CustomerFilter } from '@risala/shared/schemas/customers';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { AppContext } from '../../context.ts';
import { neutraliseFormulaSql } from '../../lib/csv-formula.ts';
import { accountTimeZone, type AuthContext } from '../auth/index.ts';
import { customerWhere } from './customer-filter.ts';

const dialect = new PgDialect();
/** ISO 8601 in the session's time zone (the account's, set for the export) with its offset: 2026-11-26T08:41:05+03:00 */
const ts = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') as ${col}`;

/** Text a person typed (or an import brought), written so a spreadsheet shows it as text, never runs it as a formula. */
const text = (expr: string, as: string) => `${neutraliseFormulaSql(expr)} as ${as}`;
/**
 * The text columns, quoted whatever they hold: COPY quotes only a comma, a quote or a line break,
 * and a spreadsheet whose list separator is `;` (or a tab) would split an unquoted cell there.
 */
const TEXT_COLUMNS = [
  'first_name',
  'last_name',
  'mobile_number',
  'email',
  'city',
  'tags',
  'attributes',
  'consent_email_source',
  'consent_sms_source',
  'consent_whatsapp_source',
];

/** Export columns: the same names the import suggests, so an export imports back as is. */
const SELECT = `select id, ${text('first_name', 'first_name')}, ${text('last_name', 'last_name')},
  ${text('mobile_number', 'mobile_number')}, ${text('email', 'email')}, language, country, ${text('city', 'city')},
  ${text("array_to_string(tags, ';')", 'tags')}, ${text('attributes::text', 'attributes')},
  consent_email::text as consent_email, ${text('consent_email_source', 'consent_email_source')}, ${ts('consent_email_at')},
  consent_sms::text as consent_sms, ${text('consent_sms_source', 'consent_sms_source')}, ${ts('consent_sms_at')},
  consent_whatsapp::text as consent_whatsapp, ${text('consent_whatsapp_source', 'consent_whatsapp_source')}, ${ts('consent_whatsapp_at')},
  brand_id, ${ts('created_at')}`;

/**
 * COPY cannot take bind parameters, so the filter's parameters are written in as literals, each
 * escaped by the driver (strings) or checked (numbers, booleans, arrays of those).
 */
function inline(client: pg.PoolClient, query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const literal = (v: unknown): string => {
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'string') return client.escapeLiteral(v);
    if (Array.isArray(v)) return `array[${v.map(literal).join(', ')}]`;
    if (v === null) return 'null';
    throw new Error('unsupported export parameter');
  };
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

/**
 * The filtered customers as CSV (UTF-8 with BOM so Excel shows Arabic), streamed from PostgreSQL,
 * in one read-only transaction whose time zone is the account's (times read as the app shows them).
 */
export async function exportCsv(ctx: AppContext, auth: AuthContext, filter: CustomerFilter): Promise<Readable> {
  const where = await customerWhere(ctx.db, auth.accountId, filter);
  const client = await ctx.db.$client.connect();
  const out = new PassThrough();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.release(err);
  };
  try {
    await client.query('begin read only');
    await client.query("select set_config('TimeZone', $1, true)", [await accountTimeZone(ctx.db, auth.accountId)]);
    const query = inline(client, sql`${sql.raw(SELECT)} from customers where ${where} order by customers.id`);
    const copy = client.query(copyTo(`copy (${query}) to stdout with (format csv, header true, force_quote (${TEXT_COLUMNS.join(', ')}))`));
    out.write('\ufeff');
    copy.on('error', (err) => {
      release(err);
      out.destroy(err);
    });
    let copied = false;
    copy.on('end', () => {
      copied = true;
      client.query('commit').then(
        () => release(),
        (err: Error) => release(err),
      );
    });
    out.on('close', () => {
      if (released || copied) return;
      copy.destroy();
      release(new Error('export aborted')); // the connection is mid-COPY: discard it
    });
    copy.pipe(out);
    return out;
  } catch (err) {
    release(err as Error);
    throw err;
  }
}
