/**
 * Payments and dues on the real database: an invoice split into instalments, reminders before and
 * on a due date (bell and mail queue), OVERDUE from the due date, the account suspended for billing
 * past the grace (sending refused with BILLING_SUSPENDED, reading allowed), a platform operator's
 * bank-transfer payments moving the invoice NOT_PAID → PARTIALLY_PAID → PAID and lifting the
 * suspension, and a reversal by a numbered credit note that keeps the original.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signUpCast, type Cast, type TestApp, uniqueEmail, waitForMails } from '../../test/helper.ts';
import { createOperator } from '../admin/index.ts';
import { mailPendingNotifications } from '../notifications/index.ts';
import { duesTick } from './index.ts';
import { createInvoice } from './invoices.service.ts';

let t: TestApp;
let cast: Cast;
let opToken: string;
const DAY = 86_400_000;

const get = (url: string, token = cast.owner.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(opToken), ...(payload ? { payload } : {}) });

async function operatorToken() {
  const email = uniqueEmail('operator');
  await createOperator(t.ctx.db, { email, name: 'Billing ops' });
  expect((await t.app.inject({ method: 'POST', url: '/api/admin/send-otp', payload: { email } })).statusCode).toBe(200);
  const mails = await waitForMails(t, email, 1);
  const otp = /(\d{6})/.exec(mails[0]?.subject ?? '')?.[1];
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/verify-otp', payload: { email, otp } });
  expect(res.statusCode).toBe(200);
  return json(res).data.token as string;
}

/** An unpaid invoice of 1,000.00 SAR before VAT (1,150.00 with it). */
async function unpaidInvoice(accountId: number, issued: Date, dueAt?: Date) {
  return t.ctx.db.transaction((tx) =>
    createInvoice(tx, t.ctx.config, {
      accountId,
      lines: [{ description: 'Growth (monthly) — renewal', quantity: 1, unitPrice: 100_000 }],
      vatBp: 1500,
      paid: 0,
      issuedAt: issued,
      dueAt,
    }),
  );
}

const bellOf = async (accountId: number) =>
  (await t.sql(`select title_key, email_status from notifications where account_id = $1 order by id`, [accountId])) as {
    title_key: string;
    email_status: string;
  }[];

beforeAll(async () => {
  t = await createTestApp({ BILLING_REMINDER_DAYS: '3', BILLING_SUSPEND_GRACE_DAYS: '5' });
  cast = await signUpCast(t);
  opToken = await operatorToken();
});
afterAll(async () => {
  await t?.close();
});

describe('instalments, reminders, overdue → suspended → paid → active', () => {
  it('splits an invoice into dues, reminds, suspends past the grace and resumes when paid', async () => {
    const accountId = cast.owner.accountId;
    const t0 = new Date();
    const inv = await unpaidInvoice(accountId, new Date(t0.getTime() - 2 * DAY), new Date(t0.getTime() + 30 * DAY));
    expect(inv.total_with_vat).toBe(115_000);

    // instalments must add up to what is owed, dates in order
    const bad = await admin('POST', `/accounts/${accountId}/invoices/${inv.id}/instalments`, {
      dues: [
        { amount: 50_000, due_at: new Date(t0.getTime() + 2 * DAY).toISOString() },
        { amount: 50_000, due_at: new Date(t0.getTime() + 20 * DAY).toISOString() },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code ?? json(bad).error?.code ?? bad.body).toContain('INSTALMENTS_INVALID');
    // noon UTC two days on: the "due today" tick below stays on the due date whatever the time now
    const noon = Date.UTC(t0.getUTCFullYear(), t0.getUTCMonth(), t0.getUTCDate(), 12);
    const first = new Date(noon + 2 * DAY);
    const second = new Date(noon + 20 * DAY);
    const split = await admin('POST', `/accounts/${accountId}/invoices/${inv.id}/instalments`, {
      dues: [
        { amount: 57_500, due_at: first.toISOString() },
        { amount: 57_500, due_at: second.toISOString() },
      ],
    });
    expect(split.statusCode).toBe(200);
    const view = json(split).data.invoices.find((i: { id: number }) => i.id === inv.id);
    expect(view.dues.map((d: { amount: number; state: string }) => [d.amount, d.state])).toEqual([
      [57_500, 'due'],
      [57_500, 'due'],
    ]);
    expect(view.next_due_at).toBe(first.toISOString());

    // within the reminder window: one "due soon" to the owner (bell and mail), not twice
    expect((await duesTick(t.ctx, t0)).reminded).toBeGreaterThanOrEqual(1);
    await duesTick(t.ctx, t0);
    let bell = await bellOf(accountId);
    expect(bell.filter((n) => n.title_key === 'notifications.billingDueSoon.title')).toHaveLength(1);
    expect(bell.find((n) => n.title_key === 'notifications.billingDueSoon.title')?.email_status).toBe('pending');
    // mailed by the notification mailer, in the owner's language (Arabic here)
    const [owner] = await t.sql('select email from users where id = $1', [cast.owner.userId]);
    await t.sql("update users set language = 'ar' where id = $1", [cast.owner.userId]);
    expect(await mailPendingNotifications(t.ctx)).toBeGreaterThanOrEqual(1);
    const mails = await waitForMails(t, owner.email, 1);
    expect(mails.some((m) => m.subject.includes('دفعة مستحقة قريبًا') && (m.text ?? '').includes('575.00'))).toBe(true);
    // on the due date
    const dueDay = new Date(first.getTime() - 3_600_000);
    await duesTick(t.ctx, dueDay);
    bell = await bellOf(accountId);
    expect(bell.filter((n) => n.title_key === 'notifications.billingDueToday.title')).toHaveLength(1);

    // past the due date: OVERDUE (invoice and due), an overdue notice, still sending
    const late = new Date(first.getTime() + DAY);
    await duesTick(t.ctx, late);
    bell = await bellOf(accountId);
    expect(bell.filter((n) => n.title_key === 'notifications.billingOverdue.title')).toHaveLength(1);
    expect((await t.sql('select billing_suspended_at from accounts where id = $1', [accountId]))[0].billing_suspended_at).toBeNull();
    // the invoice follows its earliest unpaid due (OVERDUE once that date passes: effectiveStatus)
    expect(json(await get(`/api/billing/invoices/${inv.id}`)).data.next_due_at).toBe(first.toISOString());

    // past the grace (5 days): suspended, told, audited
    const suspendedAt = new Date(first.getTime() + 6 * DAY);
    expect((await duesTick(t.ctx, suspendedAt)).suspended).toBeGreaterThanOrEqual(1);
    expect((await t.sql('select billing_suspended_at from accounts where id = $1', [accountId]))[0].billing_suspended_at).not.toBeNull();
    bell = await bellOf(accountId);
    expect(bell.filter((n) => n.title_key === 'notifications.billingSuspended.title')).toHaveLength(1);
    const audit = await t.sql(`select action, actor_type from audit_log where account_id = $1 and action like 'billing.%'`, [accountId]);
    expect(audit).toEqual([{ action: 'billing.suspended', actor_type: 'system' }]);

    // sending refused with a stable code; reading still allowed, for every user
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/messages/sms',
      headers: bearer(cast.owner.token),
      payload: { recipients: { numbers: ['+966500000001'] }, text: 'Hello' },
    });
    expect(send.statusCode).toBe(402);
    expect(send.body).toContain('BILLING_SUSPENDED');
    expect((await get('/api/billing/invoices')).statusCode).toBe(200);
    const standing = json(await get('/api/billing/standing', cast.viewer.token)).data;
    expect(standing.suspended_at).not.toBeNull();
    expect(standing.outstanding_amount).toBe(0); // a viewer sees the suspension, not the amounts
    const page = json(await get('/api/billing/payments')).data;
    expect(page.standing.outstanding_amount).toBe(115_000);
    expect(page.dues).toHaveLength(2);
    // the viewer has no billing permission: no payments list
    expect((await get('/api/billing/payments', cast.viewer.token)).statusCode).toBe(403);

    // an operator records a bank transfer for the first instalment: PARTIALLY_PAID, suspension lifted
    const paid1 = await admin('POST', `/accounts/${accountId}/payments`, {
      invoice_id: inv.id,
      method: 'bank_transfer',
      amount: 57_500,
      reference: 'TRX-1001',
    });
    expect(paid1.statusCode).toBe(200);
    let row = (await t.sql('select status, amount_paid::int, next_due_at from invoices where id = $1', [inv.id]))[0];
    expect(row).toMatchObject({ status: 'PARTIALLY_PAID', amount_paid: 57_500 });
    expect(new Date(row.next_due_at).toISOString()).toBe(second.toISOString());
    expect((await t.sql('select billing_suspended_at from accounts where id = $1', [accountId]))[0].billing_suspended_at).toBeNull();
    bell = await bellOf(accountId);
    expect(bell.filter((n) => n.title_key === 'notifications.billingResumed.title')).toHaveLength(1);

    // the same reference twice is refused; more than what is owed is refused; nothing changed
    const again = await admin('POST', `/accounts/${accountId}/payments`, {
      invoice_id: inv.id,
      method: 'bank_transfer',
      amount: 100,
      reference: 'TRX-1001',
    });
    expect(again.statusCode).toBe(409);
    const tooMuch = await admin('POST', `/accounts/${accountId}/payments`, {
      invoice_id: inv.id,
      method: 'cash',
      amount: 57_501,
      reference: 'CASH-1',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.body).toContain('PAYMENT_EXCEEDS_REMAINING');
    expect((await t.sql('select count(*)::int as n from payments where account_id = $1', [accountId]))[0].n).toBe(1);

    // the rest in cash: PAID, both dues paid
    const paid2 = await admin('POST', `/accounts/${accountId}/payments`, {
      invoice_id: inv.id,
      method: 'cash',
      amount: 57_500,
      reference: 'CASH-2',
      note: 'Paid at the Riyadh office',
    });
    expect(paid2.statusCode).toBe(200);
    row = (await t.sql('select status, amount_paid::int, next_due_at from invoices where id = $1', [inv.id]))[0];
    expect(row).toMatchObject({ status: 'PAID', amount_paid: 115_000, next_due_at: null });
    const after = json(await get('/api/billing/payments')).data;
    expect(after.dues.map((d: { state: string }) => d.state)).toEqual(['paid', 'paid']);
    expect(after.payments.map((p: { method: string; amount: number; manual: boolean }) => [p.method, p.amount, p.manual])).toEqual([
      ['cash', 57_500, true],
      ['bank_transfer', 57_500, true],
    ]);
    expect(after.standing).toMatchObject({ suspended_at: null, outstanding_amount: 0, overdue_amount: 0 });
    const recorded: { actor_type: string; data: { status: string } }[] = await t.sql(
      `select actor_type, data from audit_log where account_id = $1 and action = 'payment.recorded' order by id`,
      [accountId],
    );
    expect(recorded.map((r) => [r.actor_type, r.data.status])).toEqual([
      ['operator', 'PARTIALLY_PAID'],
      ['operator', 'PAID'],
    ]);
    // a paid invoice takes no more money
    const closed = await admin('POST', `/accounts/${accountId}/payments`, {
      invoice_id: inv.id,
      method: 'cash',
      amount: 1,
      reference: 'X',
    });
    expect(closed.statusCode).toBe(409);
  });

  it('an invoice without instalments is OVERDUE from its own due date, and a tenant cannot reach the admin routes', async () => {
    const accountId = cast.stranger.accountId;
    const inv = await unpaidInvoice(accountId, new Date(Date.now() - 10 * DAY), new Date(Date.now() - DAY));
    expect(json(await get(`/api/billing/invoices/${inv.id}`, cast.stranger.token)).data.status).toBe('OVERDUE');
    const page = json(await get('/api/billing/payments', cast.stranger.token)).data;
    expect(page.standing).toMatchObject({ outstanding_amount: 115_000, overdue_amount: 115_000, grace_days: 5 });
    expect(page.standing.suspends_at).toBe(new Date(inv.due_at.getTime() + 5 * DAY).toISOString());
    const tenant = await t.app.inject({
      method: 'POST',
      url: `/api/admin/accounts/${accountId}/payments`,
      headers: bearer(cast.stranger.token),
      payload: { invoice_id: inv.id, method: 'cash', amount: 1, reference: 'self' },
    });
    expect(tenant.statusCode).toBe(401);
    // another account's invoice through the admin route of this account: not found
    const cross = await admin('POST', `/accounts/${cast.owner.accountId}/payments`, {
      invoice_id: inv.id,
      method: 'cash',
      amount: 1,
      reference: 'cross',
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('reversal by credit note (operator only)', () => {
  it('keeps the original (REVERSED), numbers a credit note with negative amounts, renders its PDF, audits', async () => {
    const accountId = cast.stranger.accountId;
    const inv = await unpaidInvoice(accountId, new Date(), new Date(Date.now() + 7 * DAY));
    const res = await admin('POST', `/accounts/${accountId}/invoices/${inv.id}/reverse`, { reason: 'Billed twice by mistake' });
    expect(res.statusCode).toBe(200);
    type Row = { id: number; number: number; kind: string; status: string; reverses_id: number | null };
    const rows: Row[] = await t.sql(
      'select id, number, kind, status, reverses_id, total_with_vat::int, vat_amount::int, reversal_reason from invoices where account_id = $1 order by number',
      [accountId],
    );
    const original = rows.find((r) => r.id === inv.id);
    const note = rows.find((r) => r.reverses_id === inv.id);
    if (!note) throw new Error('no credit note');
    expect(original).toMatchObject({ status: 'REVERSED', total_with_vat: 115_000, reversal_reason: 'Billed twice by mistake' });
    expect(note).toMatchObject({ kind: 'credit_note', total_with_vat: -115_000, vat_amount: -15_000 });
    // numbered without gaps after the original
    expect(note.number).toBe(Math.max(...rows.map((r) => r.number)));
    expect(rows.map((r) => r.number)).toEqual(rows.map((_: unknown, i: number) => i + 1));
    // twice is refused; a reversed invoice takes no payment
    expect((await admin('POST', `/accounts/${accountId}/invoices/${inv.id}/reverse`, { reason: 'again' })).statusCode).toBe(409);
    expect(
      (await admin('POST', `/accounts/${accountId}/payments`, { invoice_id: inv.id, method: 'cash', amount: 1, reference: 'R' }))
        .statusCode,
    ).toBe(409);
    // the credit note's PDF, like an invoice's
    const pdf = await get(`/api/billing/invoices/${note.id}/pdf`, cast.stranger.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audit = await t.sql(`select actor_type, data from audit_log where account_id = $1 and action = 'invoice.reversed'`, [accountId]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'operator', data: { credit_note_number: note.number, amount: 115_000 } });
    // the tenant has no reversal route at all
    const tenant = await t.app.inject({
      method: 'POST',
      url: `/api/billing/invoices/${inv.id}/reverse`,
      headers: bearer(cast.stranger.token),
      payload: { reason: 'mine' },
    });
    expect(tenant.statusCode).toBe(404);
  });
});
