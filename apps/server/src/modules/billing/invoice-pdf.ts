/**
 * The invoice as a bilingual PDF (pdfkit): English labels at the left, values in the middle, Arabic
 * labels at the right,
 * the seller's and the buyer's names and VAT numbers, the lines, the totals in SAR with VAT, and
 * the ZATCA QR code (the `qrcode` package, PNG). Arabic is shaped by fontkit's OpenType layout
 * (joining forms) and set right to left; it needs a font with Arabic glyphs: INVOICE_FONT, or
 * DejaVu Sans (the dejavu-fonts-ttf package, else where Debian installs it).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { AppError } from '../../lib/errors.ts';
import { effectiveStatus, type InvoiceRow, invoiceQr } from './invoices.service.ts';
import { sarString } from './zatca.ts';

/** DejaVu Sans from the npm package (so `npm install` is enough on a bare machine), or where Debian puts it. */
function bundledFont(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  } catch {
    return undefined;
  }
}

const FONT_CANDIDATES = [
  process.env.INVOICE_FONT,
  bundledFont(),
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
].filter(Boolean) as string[];

export function invoiceFont(): string {
  const found = FONT_CANDIDATES.find((f) => existsSync(f));
  if (!found) throw new AppError('SERVICE_UNAVAILABLE');
  return found;
}

const STATUS_AR: Record<string, string> = {
  PAID: 'مدفوعة',
  PARTIALLY_PAID: 'مدفوعة جزئيًا',
  NOT_PAID: 'غير مدفوعة',
  OVERDUE: 'متأخرة',
  POST_PAID: 'دفع لاحق',
  REVERSED: 'معكوسة',
};

export async function invoicePdf(inv: InvoiceRow, now = new Date(), reversesNumber: number | null = null): Promise<Buffer> {
  const font = invoiceFont();
  const qr = invoiceQr(inv);
  const qrPng = await QRCode.toBuffer(qr, { errorCorrectionLevel: 'M', margin: 1, width: 160 });
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Invoice ${inv.number}`, Author: inv.seller.name } });
  doc.registerFont('main', font);
  doc.font('main');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 40;
  const width = doc.page.width - 80;
  const col = width / 3;
  /**
   * One row in three columns: the English label, the value (numbers and Latin text, left to right),
   * the Arabic label (its own run: pure Arabic, so the layout sets it right to left without
   * reordering any digits).
   */
  const row = (en: string, value: string, ar: string, size = 10) => {
    const y = doc.y;
    doc.fontSize(size).text(en, left, y, { width: col - 6 });
    const y1 = doc.y;
    doc.fontSize(size).text(value, left + col, y, { width: col - 6, align: 'center' });
    const y2 = doc.y;
    doc.fontSize(size).text(ar, left + 2 * col, y, { width: col, align: 'right' });
    doc.y = Math.max(y1, y2, doc.y) + 3;
  };
  const m = (n: number) => `SAR ${sarString(n)}`;

  const isCredit = inv.kind === 'credit_note';
  row(isCredit ? 'Credit note' : 'Simplified tax invoice', '', isCredit ? 'إشعار دائن' : 'فاتورة ضريبية مبسطة', 15);
  doc.moveDown(0.5);
  row(isCredit ? 'Credit note no.' : 'Invoice no.', String(inv.number), isCredit ? 'رقم الإشعار' : 'رقم الفاتورة');
  // a credit note names the invoice it reverses (that invoice is kept, marked REVERSED)
  if (isCredit && reversesNumber !== null) row('Reverses invoice no.', String(reversesNumber), 'يلغي الفاتورة رقم');
  row('Issue date', inv.issued_at.toISOString().slice(0, 10), 'تاريخ الإصدار');
  row('Due date', inv.due_at.toISOString().slice(0, 10), 'تاريخ الاستحقاق');
  const status = effectiveStatus(inv, now);
  row('Status', status, STATUS_AR[status] ?? '');
  doc.moveDown(0.5);
  row('Seller', inv.seller.name, 'البائع', 11);
  row('', '', inv.seller.nameAr);
  row('VAT number', inv.seller.vatNumber, 'الرقم الضريبي');
  row('Address', inv.seller.address, 'العنوان');
  doc.moveDown(0.5);
  row('Buyer', inv.buyer.name, 'المشتري', 11);
  if (inv.buyer.vat_number) row('VAT number', inv.buyer.vat_number, 'الرقم الضريبي');
  if (inv.buyer.cr_number) row('CR number', inv.buyer.cr_number, 'السجل التجاري');
  if (inv.buyer.address) row('Address', inv.buyer.address, 'العنوان');
  doc.moveDown(0.5);
  row('Item', 'Net · VAT · Total', 'البند', 11);
  for (const l of inv.lines) {
    row(`${l.description} × ${l.quantity}`, `${sarString(l.net)} · ${sarString(l.vat)} · ${sarString(l.total)}`, '');
  }
  doc.moveDown(0.5);
  row('Total before discount', m(inv.total_before_discount), 'الإجمالي قبل الخصم');
  row('Discount', m(inv.discount_amount), 'الخصم');
  row('Total excluding VAT', m(inv.total_after_discount), 'الإجمالي غير شامل الضريبة');
  row(`VAT ${inv.vat_bp / 100}%`, m(inv.vat_amount), 'ضريبة القيمة المضافة');
  row('Total with VAT', m(inv.total_with_vat), 'الإجمالي شامل الضريبة', 11);
  row('Paid', m(inv.amount_paid), 'المدفوع');
  row('Remaining', m(Math.max(0, inv.total_with_vat - inv.amount_paid)), 'المتبقي');
  doc.moveDown(1);
  doc.image(qrPng, left, doc.y, { width: 120 });
  doc.end();
  return done;
}
