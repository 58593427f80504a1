/**
 * Invoices: numbered without gaps per account (a counter row locked and advanced in the
 * transaction that writes the invoice: a rolled-back invoice gives its number back), in SAR with
 * VAT rounded per line, discount, totals, paid and remaining. States (§4): PAID, PARTIALLY_PAID,
 * NOT_PAID stored; OVERDUE computed from the due date; REVERSED by a credit note that keeps the
 * original (both stay, each with its own number).
 */
import type { Invoice, InvoiceStatus } from '@risala/shared/schemas/billing';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { priceLine, totalsOf } from './money.ts';
import { sarString, zatcaQrPayload } from './zatca.ts';

export interface InvoiceRow {
  id: number;
  account_id: number;
  number: number;
  kind: 'invoice' | 'credit_note';
  reverses_id: number | null;
  status: Exclude<InvoiceStatus, 'OVERDUE'>;
  currency: string;
  vat_bp: number;
  total_before_discount: number;
  discount_bp: number;
  discount_amount: number;
  total_after_discount: number;
  vat_amount: number;
  total_with_vat: number;
  amount_paid: number;
  lines: Invoice['lines'];
  seller: { name: string; nameAr: string; vatNumber: string; address: string };
  buyer: { name: string; vat_number: string | null; cr_number: string | null; address: string };
  issued_at: Date;
  due_at: Date;
  /** the earliest unpaid instalment's due date, when the invoice is split into dues */
  next_due_at: Date | null;
}

const MONEY = ['total_before_discount', 'discount_amount', 'total_after_discount', 'vat_amount', 'total_with_vat', 'amount_paid'] as const;

function normalise(r: Record<string, unknown>): InvoiceRow {
  const out = { ...r } as Record<string, unknown>;
  for (const k of MONEY) out[k] = Number(r[k]);
  out.issued_at = new Date(r.issued_at as string);
  out.due_at = new Date(r.due_at as string);
  out.next_due_at = r.next_due_at ? new Date(r.next_due_at as string) : null;
  return out as unknown as InvoiceRow;
}

/**
 * The §4 state shown: an unpaid or partly paid invoice past its due date is OVERDUE — for an
 * invoice split into instalments, past its earliest unpaid due.
 */
export function effectiveStatus(
  row: Pick<InvoiceRow, 'status' | 'due_at'> & { next_due_at?: Date | null },
  now = new Date(),
): InvoiceStatus {
  const due = row.next_due_at ?? row.due_at;
  if ((row.status === 'NOT_PAID' || row.status === 'PARTIALLY_PAID') && due.getTime() < now.getTime()) return 'OVERDUE';
  return row.status;
}

export function statusFor(total: number, paid: number): 'PAID' | 'PARTIALLY_PAID' | 'NOT_PAID' {
  if (paid >= total) return 'PAID';
  return paid > 0 ? 'PARTIALLY_PAID' : 'NOT_PAID';
}

export function toInvoice(r: InvoiceRow, now = new Date()): Invoice {
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    reverses_id: r.reverses_id,
    status: effectiveStatus(r, now),
    currency: r.currency,
    vat_bp: r.vat_bp,
    total_before_discount: r.total_before_discount,
    discount_bp: r.discount_bp,
    discount_amount: r.discount_amount,
    total_after_discount: r.total_after_discount,
    vat_amount: r.vat_amount,
    total_with_vat: r.total_with_vat,
    amount_paid: r.amount_paid,
    remaining_amount: Math.max(0, r.total_with_vat - r.amount_paid),
    lines: r.lines,
    issued_at: r.issued_at.toISOString(),
    due_at: r.due_at.toISOString(),
    next_due_at: r.next_due_at?.toISOString() ?? null,
  };
}

/** The next number of this account's invoices (locks the counter row until the transaction ends). */
async function nextNumber(tx: DbOrTx, accountId: number): Promise<number> {
  const { rows } = await tx.execute<{ last_number: number }>(sql`
    insert into invoice_counters (account_id, last_number) values (${accountId}, 1)
    on conflict (account_id) do update set last_number = invoice_counters.last_number + 1
    returning last_number`);
  return rows[0].last_number;
}

async function buyerOf(tx: DbOrTx, accountId: number): Promise<InvoiceRow['buyer']> {
  const { rows } = await tx.execute<{
    name: string;
    vat_number: string | null;
    cr_number: string | null;
    street: string | null;
    city: string | null;
    country: string | null;
  }>(sql`select name, vat_number, cr_number, street, city, country from accounts where id = ${accountId}`);
  const a = rows[0];
  return {
    name: a?.name ?? '',
    vat_number: a?.vat_number ?? null,
    cr_number: a?.cr_number ?? null,
    address: [a?.street, a?.city, a?.country].filter(Boolean).join(', '),
  };
}

export interface NewInvoice {
  accountId: number;
  lines: { description: string; quantity: number; unitPrice: number }[];
  vatBp: number;
  discountBp?: number;
  paid: number;
  currency?: string;
  dueAt?: Date;
  issuedAt?: Date;
}

/** Writes an invoice in the caller's transaction. */
export async function createInvoice(tx: DbOrTx, config: Config, input: NewInvoice): Promise<InvoiceRow> {
  const discountBp = input.discountBp ?? 0;
  const priced = input.lines.map((l) => priceLine(l.description, l.quantity, l.unitPrice, input.vatBp, discountBp));
  const totals = totalsOf(priced);
  const number = await nextNumber(tx, input.accountId);
  const issuedAt = input.issuedAt ?? new Date();
  const dueAt = input.dueAt ?? new Date(issuedAt.getTime() + config.billing.dueDays * 86_400_000);
  const lines = priced.map(({ description, quantity, unit_price, net, vat, total }) => ({
    description,
    quantity,
    unit_price,
    net,
    vat,
    total,
  }));
  const { rows } = await tx.execute(sql`
    insert into invoices (account_id, number, kind, status, currency, vat_bp, total_before_discount, discount_bp, discount_amount,
                          total_after_discount, vat_amount, total_with_vat, amount_paid, lines, seller, buyer, issued_at, due_at)
    values (${input.accountId}, ${number}, 'invoice', ${statusFor(totals.total_with_vat, input.paid)}, ${input.currency ?? 'SAR'},
            ${input.vatBp}, ${totals.total_before_discount}, ${discountBp}, ${totals.discount_amount}, ${totals.total_after_discount},
            ${totals.vat_amount}, ${totals.total_with_vat}, ${input.paid}, ${JSON.stringify(lines)}::jsonb,
            ${JSON.stringify(config.billing.seller)}::jsonb, ${JSON.stringify(await buyerOf(tx, input.accountId))}::jsonb,
            ${issuedAt.toISOString()}, ${dueAt.toISOString()})
    returning *`);
  return normalise(rows[0]);
}

/** Records money received against an invoice (PAID or PARTIALLY_PAID follows). */
export async function applyPayment(tx: DbOrTx, accountId: number, invoiceId: number, amount: number): Promise<void> {
  await tx.execute(sql`
    update invoices set amount_paid = amount_paid + ${amount},
           status = case when amount_paid + ${amount} >= total_with_vat then 'PAID' when amount_paid + ${amount} > 0 then 'PARTIALLY_PAID' else 'NOT_PAID' end
     where account_id = ${accountId} and id = ${invoiceId} and status <> 'REVERSED'`);
}

export async function listInvoices(db: DbOrTx, accountId: number): Promise<InvoiceRow[]> {
  const { rows } = await db.execute(sql`select * from invoices where account_id = ${accountId} order by number desc limit 500`);
  return rows.map(normalise);
}

export async function findInvoice(db: DbOrTx, accountId: number, id: number, lock = false): Promise<InvoiceRow> {
  const { rows } = await db.execute(
    lock
      ? sql`select * from invoices where account_id = ${accountId} and id = ${id} for update`
      : sql`select * from invoices where account_id = ${accountId} and id = ${id}`,
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return normalise(rows[0]);
}

/**
 * Reverses an invoice with a credit note: a new document (its own number, negative amounts,
 * pointing at the original) and the original marked REVERSED — never edited otherwise.
 */
export async function reverseInvoice(tx: DbOrTx, accountId: number, id: number): Promise<InvoiceRow> {
  const original = await findInvoice(tx, accountId, id, true);
  if (original.kind !== 'invoice' || original.status === 'REVERSED') throw new AppError('INVOICE_STATE_INVALID');
  const number = await nextNumber(tx, accountId);
  const neg = (n: number) => -n;
  const lines = original.lines.map((l) => ({ ...l, net: -l.net, vat: -l.vat, total: -l.total, quantity: -l.quantity }));
  const { rows } = await tx.execute(sql`
    insert into invoices (account_id, number, kind, reverses_id, status, currency, vat_bp, total_before_discount, discount_bp,
                          discount_amount, total_after_discount, vat_amount, total_with_vat, amount_paid, lines, seller, buyer, due_at)
    values (${accountId}, ${number}, 'credit_note', ${original.id}, 'REVERSED', ${original.currency}, ${original.vat_bp},
            ${neg(original.total_before_discount)}, ${original.discount_bp}, ${neg(original.discount_amount)},
            ${neg(original.total_after_discount)}, ${neg(original.vat_amount)}, ${neg(original.total_with_vat)}, 0,
            ${JSON.stringify(lines)}::jsonb, ${JSON.stringify(original.seller)}::jsonb, ${JSON.stringify(original.buyer)}::jsonb, now())
    returning *`);
  await tx.execute(sql`update invoices set status = 'REVERSED' where account_id = ${accountId} and id = ${id}`);
  return normalise(rows[0]);
}

/** The ZATCA simplified-invoice QR payload of an invoice. */
export function invoiceQr(r: InvoiceRow): string {
  return zatcaQrPayload({
    sellerName: r.seller.name,
    vatNumber: r.seller.vatNumber,
    timestamp: r.issued_at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    totalWithVat: sarString(r.total_with_vat),
    vatAmount: sarString(r.vat_amount),
  });
}
