/** What a platform operator sees of one account's billing: its standing, invoices with their dues, payments. */
import type { AdminBilling } from '@risala/shared/schemas/billing-dues';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { listDues, listPayments, toDue } from './dues.repo.ts';
import { standing } from './dues.service.ts';
import { effectiveStatus, listInvoices } from './invoices.service.ts';

export async function adminBillingView(ctx: AppContext, accountId: number, now = new Date()): Promise<AdminBilling> {
  const { rows } = await ctx.db.$client.query('select 1 from accounts where id = $1', [accountId]);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  const dues = await listDues(ctx.db, accountId);
  const invoices = await listInvoices(ctx.db, accountId);
  return {
    standing: await standing(ctx.db, ctx, accountId, now),
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      kind: i.kind,
      status: effectiveStatus(i, now),
      currency: i.currency,
      total_with_vat: i.total_with_vat,
      amount_paid: i.amount_paid,
      remaining_amount: i.kind === 'invoice' && i.status !== 'REVERSED' ? Math.max(0, i.total_with_vat - i.amount_paid) : 0,
      issued_at: i.issued_at.toISOString(),
      due_at: i.due_at.toISOString(),
      next_due_at: i.next_due_at?.toISOString() ?? null,
      dues: dues.filter((d) => d.invoice_id === i.id).map((d) => toDue(d, now)),
    })),
    payments: await listPayments(ctx.db, accountId, 100),
  };
}
