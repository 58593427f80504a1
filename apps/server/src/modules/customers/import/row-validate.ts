import { IMPORT_FIELDS, type ImportField, normalizeMobile } from '@risala/shared/schemas/customers';
import { restoreFormula } from '../../../lib/csv-formula.ts';
import { AppError } from '../../../lib/errors.ts';

/** Which file column feeds which customer field (indexes into a row). */
export interface ImportPlan {
  fields: Partial<Record<ImportField, { index: number; column: string }>>;
  attributes: { name: string; index: number; column: string }[];
  defaultCountry: string | null;
  /** channels every row consented to, as the importer declared (no column for them) */
  consentAll: readonly ('email' | 'sms' | 'whatsapp')[];
}

export interface RowError {
  row: number;
  column: string;
  value: string;
  /** an i18n key (validation.* or errors.*) */
  code: string;
}

/**
 * Resolve a mapping against the file's header. Every mapped column must exist and a contact
 * column (mobile number or email) must be mapped, else the whole file is rejected.
 */
export function planImport(
  columns: string[],
  mapping: Record<string, string>,
  defaultCountry?: string | null,
  consentAll: ImportPlan['consentAll'] = [],
) {
  const missing: string[] = [];
  const plan: ImportPlan = { fields: {}, attributes: [], defaultCountry: defaultCountry ?? null, consentAll };
  for (const [field, column] of Object.entries(mapping)) {
    const index = columns.indexOf(column);
    if (index < 0) {
      missing.push(column);
      continue;
    }
    if (field.startsWith('attributes.')) plan.attributes.push({ name: field.slice(11), index, column });
    else if ((IMPORT_FIELDS as readonly string[]).includes(field)) plan.fields[field as ImportField] = { index, column };
  }
  if (!plan.fields.mobile_number && !plan.fields.email && !missing.length) missing.push('mobile_number / email');
  if (missing.length) {
    throw new AppError('IMPORT_MISSING_COLUMNS', {
      params: { columns: missing.join(', ') },
      errors: missing.map((c) => ({ field: 'mapping', message: c })),
    });
  }
  return plan;
}

const SYNONYMS: Record<ImportField, string[]> = {
  first_name: ['firstname', 'first', 'givenname', 'fname', 'الاسمالأول', 'الاسم'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname', 'اسمالعائلة'],
  mobile_number: ['mobilenumber', 'mobile', 'phone', 'phonenumber', 'msisdn', 'cell', 'whatsapp', 'الجوال', 'رقمالجوال', 'الهاتف'],
  email: ['email', 'emailaddress', 'mail', 'البريدالإلكتروني', 'البريد'],
  language: ['language', 'lang', 'اللغة'],
  country: ['country', 'countrycode', 'الدولة'],
  city: ['city', 'المدينة'],
  tags: ['tags', 'tag', 'labels', 'الوسوم'],
  consent_email: ['consentemail', 'emailconsent', 'emailoptin'],
  consent_sms: ['consentsms', 'smsconsent', 'smsoptin'],
  consent_whatsapp: ['consentwhatsapp', 'whatsappconsent', 'whatsappoptin'],
};

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.]/g, '');

/** A first guess of the mapping from the header names. */
export function suggestMapping(columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of IMPORT_FIELDS) {
    const names = SYNONYMS[field];
    const column = columns.find((c) => names.includes(squash(c)));
    if (column && !Object.values(out).includes(column)) out[field] = column;
  }
  return out;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TRUE = new Set(['true', 'yes', 'y', '1', 'نعم']);
const FALSE = new Set(['false', 'no', 'n', '0', 'لا']);
const LANGUAGES: Record<string, 'en' | 'ar'> = { en: 'en', english: 'en', ar: 'ar', arabic: 'ar', العربية: 'ar' };

/** Tab-separated values for COPY … FROM STDIN (text format): \N for null, control characters escaped. */
function copyText(v: string | null): string {
  if (v === null) return '\\N';
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (m) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[m] as string) : v;
}

/** The tags separator inside a staging row (never typed by people). */
export const TAG_SEPARATOR = '\u001f';

/**
 * Validate one data row. Valid rows come back as a COPY line for the staging table (columns in
 * STAGE_COLUMNS order); invalid ones as row errors (the row is skipped, the rest imports).
 */
export function validateRow(cells: string[], rowNo: number, plan: ImportPlan): { line: string } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const get = (f: ImportField) => {
    const m = plan.fields[f];
    return m ? restoreFormula(cells[m.index] ?? '').trim() : '';
  };
  const fail = (f: ImportField | null, value: string, code: string) =>
    errors.push({ row: rowNo, column: f ? (plan.fields[f]?.column ?? f) : '', value, code });
  const text = (f: ImportField, max = 100) => {
    const v = get(f);
    if (v.length > max) fail(f, v, 'validation.tooLong');
    return v || null;
  };

  const firstName = text('first_name');
  const lastName = text('last_name');
  const city = text('city');
  let country: string | null = get('country').toUpperCase() || null;
  if (country && !/^[A-Z]{2}$/.test(country)) {
    fail('country', country, 'validation.invalid');
    country = null;
  }
  const rawMobile = get('mobile_number');
  const mobile = rawMobile ? normalizeMobile(rawMobile, country ?? plan.defaultCountry) : null;
  if (rawMobile && !mobile) fail('mobile_number', rawMobile, 'validation.phone.invalid');
  const rawEmail = get('email');
  const email = rawEmail ? rawEmail.toLowerCase() : null;
  if (email && (email.length > 254 || !EMAIL_RE.test(email))) fail('email', rawEmail, 'validation.email');
  const rawLanguage = get('language');
  const language = rawLanguage ? (LANGUAGES[rawLanguage.toLowerCase()] ?? null) : null;
  if (rawLanguage && !language) fail('language', rawLanguage, 'validation.language');
  const tags = plan.fields.tags
    ? [
        ...new Set(
          get('tags')
            .split(/[,;|]/)
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ]
    : [];
  if (tags.some((t) => t.length > 50)) fail('tags', get('tags'), 'validation.tooLong');
  const consent = (f: 'consent_email' | 'consent_sms' | 'consent_whatsapp') => {
    if (plan.consentAll.includes(f.slice(8) as 'email')) return 't';
    if (!plan.fields[f]) return '\\N';
    const v = get(f).toLowerCase();
    if (!v) return '\\N'; // empty: false for new customers, unchanged on update
    if (TRUE.has(v)) return 't';
    if (!FALSE.has(v)) fail(f, get(f), 'validation.invalid');
    return 'f';
  };
  const consents = [consent('consent_email'), consent('consent_sms'), consent('consent_whatsapp')];
  if (!rawMobile && !rawEmail) fail(null, '', 'errors.CUSTOMER_CONTACT_REQUIRED');
  if (errors.length) return { errors };

  let attributes: string | null = null;
  if (plan.attributes.length) {
    const obj: Record<string, string> = {};
    for (const a of plan.attributes) {
      const v = restoreFormula(cells[a.index] ?? '').trim();
      if (v) obj[a.name] = v;
    }
    attributes = JSON.stringify(obj);
  }
  const line = [
    String(rowNo),
    copyText(firstName),
    copyText(lastName),
    copyText(mobile),
    copyText(email),
    copyText(language),
    copyText(country),
    copyText(city),
    copyText(tags.length ? tags.join(TAG_SEPARATOR) : null),
    copyText(attributes),
    ...consents,
  ].join('\t');
  return { line: `${line}\n` };
}

export const STAGE_COLUMNS = `row_no int, first_name text, last_name text, mobile_number text, email text, language text,
  country text, city text, tags text, attributes text, consent_email bool, consent_sms bool, consent_whatsapp bool`;
