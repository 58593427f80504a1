import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type ImportPlan, type RowError, STAGE_COLUMNS, TAG_SEPARATOR, validateRow } from './row-validate.ts';

/** Row errors kept for the report; the count stays exact beyond it. */
export const MAX_REPORTED_ERRORS = 100_000;

export interface ImportOutcome {
  total: number;
  inserted: number;
  updated: number;
  failed: number;
  errors: RowError[];
}

export interface ImportRun {
  client: pg.PoolClient;
  accountId: number;
  /** data rows (the header already consumed) */
  rows: AsyncIterable<string[]>;
  plan: ImportPlan;
  mode: 'insert' | 'upsert';
  addToGroupId?: number | null;
  /** called now and then with the number of rows validated so far */
  onProgress?: (processed: number) => void;
  /** called once every row is validated and staged, before the customers are written */
  onValidated?: () => void;
  /** the first data row's number as people count it (the header is row 1) */
  firstRowNo?: number;
}

/**
 * Validate rows while streaming them with COPY into a temporary staging table, then write the
 * customers with a few set-based statements. Runs inside the caller's open transaction, so a
 * failure anywhere leaves nothing behind.
 */
export async function runImport(run: ImportRun): Promise<ImportOutcome> {
  const { client, accountId, plan } = run;
  const errors: RowError[] = [];
  let failed = 0;
  const report = (e: RowError[]) => {
    failed += 1;
    for (const err of e) if (errors.length < MAX_REPORTED_ERRORS) errors.push(err);
  };

  await client.query(`create temp table import_stage (${STAGE_COLUMNS}) on commit drop`);
  const copy = client.query(copyFrom('copy import_stage from stdin'));
  const copyDone = new Promise<void>((resolve, reject) => {
    copy.on('finish', resolve);
    copy.on('error', reject);
  });
  let rowNo = (run.firstRowNo ?? 2) - 1;
  let total = 0;
  let batch = '';
  for await (const cells of run.rows) {
    rowNo += 1;
    if (cells.every((c) => !c.trim())) continue; // blank lines are not rows
    total += 1;
    const result = validateRow(cells, rowNo, plan);
    if ('errors' in result) report(result.errors);
    else batch += result.line;
    if (batch.length > 64 * 1024) {
      if (!copy.write(batch)) await Promise.race([once(copy, 'drain'), copyDone]);
      batch = '';
    }
    if (total % 5000 === 0) run.onProgress?.(total);
  }
  copy.end(batch);
  await copyDone;
  run.onProgress?.(total);
  run.onValidated?.();

  // duplicates inside the file: the first occurrence wins
  const dupes = await client.query<{ row_no: number; mobile_number: string }>(
    `delete from import_stage s using (
       select row_no from (
         select row_no, row_number() over (partition by mobile_number order by row_no) as n
           from import_stage where mobile_number is not null) d where d.n > 1) d
      where s.row_no = d.row_no returning s.row_no, s.mobile_number`,
  );
  const duplicate = (rows: { row_no: number; mobile_number: string }[], code: string) => {
    const column = plan.fields.mobile_number?.column ?? 'mobile_number';
    for (const r of rows) report([{ row: r.row_no, column, value: r.mobile_number, code }]);
  };
  duplicate(dupes.rows, 'customers.import.duplicateInFile');

  const group = run.addToGroupId ?? null;
  const addToGroup = (cte: string) =>
    group
      ? `, grp as (insert into group_members (account_id, group_id, customer_id)
           select ${accountId}, ${group}, id from ${cte} on conflict do nothing)`
      : '';

  let updated = 0;
  if (run.mode === 'upsert') {
    const res = await client.query<{ n: number }>(
      `with up as (update customers c set ${updateSets(plan)}, updated_at = now()
          from import_stage s where c.account_id = $1 and c.mobile_number = s.mobile_number returning c.id)
          ${addToGroup('up')}
       select count(*)::int as n from up`,
      [accountId],
    );
    updated = res.rows[0].n;
  }
  // rows whose number is already a customer: updated above (upsert) or reported (insert)
  const existing = await client.query<{ row_no: number; mobile_number: string }>(
    `delete from import_stage s using customers c
      where c.account_id = $1 and c.mobile_number = s.mobile_number
      returning s.row_no, s.mobile_number`,
    [accountId],
  );
  if (run.mode === 'insert') duplicate(existing.rows, 'errors.DUPLICATE_MOBILE_NUMBER');

  const consent = (ch: string) =>
    `coalesce(consent_${ch}, false), case when consent_${ch} then 'import' end, case when consent_${ch} then now() end`;
  const res = await client.query<{ n: number }>(
    `with ins as (
       insert into customers (account_id, first_name, last_name, mobile_number, email, language, country, city, tags,
              attributes, consent_email, consent_email_source, consent_email_at, consent_sms, consent_sms_source,
              consent_sms_at, consent_whatsapp, consent_whatsapp_source, consent_whatsapp_at)
       select $1, first_name, last_name, mobile_number, email, coalesce(language, 'en'), country, city,
              coalesce(string_to_array(tags, E'${TAG_SEPARATOR}'), '{}'), coalesce(attributes::jsonb, '{}'),
              ${consent('email')}, ${consent('sms')}, ${consent('whatsapp')}
         from import_stage -- COPY order: ids follow the file
       on conflict (account_id, mobile_number) where mobile_number is not null do nothing
       returning id) ${addToGroup('ins')}
     select count(*)::int as n from ins`,
    [accountId],
  );
  if (group) {
    await client.query(
      `update customer_groups set contacts_count = (select count(*) from group_members where group_id = $1),
              updated_at = now() where id = $1`,
      [group],
    );
  }
  errors.sort((a, b) => a.row - b.row);
  return { total, inserted: res.rows[0].n, updated, failed, errors };
}

/** SET list for upsert: an empty cell keeps the stored value; consent times move only on a change. */
function updateSets(plan: ImportPlan): string {
  const sets: string[] = [];
  for (const f of ['first_name', 'last_name', 'email', 'language', 'country', 'city'] as const) {
    if (plan.fields[f]) sets.push(`${f} = coalesce(s.${f}, c.${f})`);
  }
  if (plan.fields.tags) sets.push(`tags = coalesce(string_to_array(s.tags, E'${TAG_SEPARATOR}'), c.tags)`);
  if (plan.attributes.length) sets.push(`attributes = c.attributes || coalesce(s.attributes::jsonb, '{}')`);
  for (const ch of ['email', 'sms', 'whatsapp']) {
    if (!plan.fields[`consent_${ch}` as 'consent_email'] && !plan.consentAll.includes(ch as 'email')) continue;
    const changed = `s.consent_${ch} is not null and s.consent_${ch} is distinct from c.consent_${ch}`;
    sets.push(
      `consent_${ch} = coalesce(s.consent_${ch}, c.consent_${ch})`,
      `consent_${ch}_source = case when ${changed} then 'import' else c.consent_${ch}_source end`,
      `consent_${ch}_at = case when ${changed} then now() else c.consent_${ch}_at end`,
    );
  }
  return sets.length ? sets.join(', ') : 'mobile_number = c.mobile_number';
}
