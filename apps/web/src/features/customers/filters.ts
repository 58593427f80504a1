import { customerFilterSchema, tagSchema } from '@risala/shared/schemas/customers';
import { isCountryCode } from '../../lib/countries.ts';

/** The list filters as the page holds them, and their query-string form (shared by list and export). */
export interface CustomerFilters {
  search?: string;
  group?: number | null;
  tag?: string;
  country?: string;
  /** a language code as stored (ar, en) */
  language?: string;
  /** compared case-insensitively by the server */
  city?: string;
  /** channel=true/false, e.g. { sms: true } */
  consent?: { channel: 'email' | 'sms' | 'whatsapp'; granted: boolean } | null;
}

export function filterQuery(f: CustomerFilters): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {
    search: f.search?.trim() || undefined,
    group: f.group ?? undefined,
    tag: f.tag?.trim() || undefined,
    country: f.country?.trim().toUpperCase() || undefined,
    language: f.language || undefined,
    city: f.city?.trim() || undefined,
  };
  if (f.consent) out[`consent_${f.consent.channel}`] = String(f.consent.granted);
  return out;
}

/** The bulk-action form of the same filters (JSON booleans). */
export function bulkFilter(f: CustomerFilters): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(filterQuery(f))) {
    if (v === undefined) continue;
    out[k] = k.startsWith('consent_') ? v === 'true' : v;
  }
  return out;
}

/** The export link for the current filters (the session cookie authorises the download). */
export function exportUrl(f: CustomerFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filterQuery(f))) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return `/api/customers/export.csv${text ? `?${text}` : ''}`;
}

/** The list's view as the URL holds it (lib/url-list.ts): /customer?search=…&consent=sms:true&page=2 */
export const LIST_DEFAULTS = {
  search: '',
  group: '',
  tag: '',
  country: '',
  language: '',
  city: '',
  consent: '',
  sort: 'created_at',
  order: 'desc',
};
export type CustomerListUrl = typeof LIST_DEFAULTS;

/** The field-level limits of the list's filters, checked with the API's own schema (400 otherwise). */
export const FILTER_LIMITS = { search: 100, tag: 50 } as const;

/**
 * Why a filter value cannot be sent yet (an i18n key), or undefined when it can: a search over
 * 100 characters, a tag over 50, a country that is not a whole country code. Empty is fine.
 */
export function filterProblem(field: 'search' | 'tag' | 'country', value: string | undefined | null): string | undefined {
  const v = value?.trim() ?? '';
  if (!v) return undefined;
  if (field === 'country') return isCountryCode(v.toUpperCase()) ? undefined : 'validation.invalid';
  const schema = field === 'search' ? customerFilterSchema.shape.search : tagSchema;
  return schema.safeParse(v).success ? undefined : 'customers.filters.tooLong';
}

const valid = (field: 'search' | 'tag' | 'country', value: string | undefined) =>
  value?.trim() && !filterProblem(field, value) ? value.trim() : '';

/** The filters a URL holds; a value the list cannot take (a hand-edited or stale link) is left out. */
export function filtersFromUrl(v: CustomerListUrl): CustomerFilters {
  const group = Number(v.group);
  return {
    search: valid('search', v.search) || undefined,
    group: Number.isInteger(group) && group > 0 ? group : null,
    tag: valid('tag', v.tag) || undefined,
    country: valid('country', v.country.toUpperCase()) || undefined,
    language: v.language === 'ar' || v.language === 'en' ? v.language : undefined,
    city: v.city.trim().slice(0, 100) || undefined,
    consent: parseConsent(v.consent || null),
  };
}

/** Only complete, valid values reach the URL (and so the list's query): the rest are no filter. */
export function filtersToUrl(f: CustomerFilters): Partial<CustomerListUrl> {
  return {
    search: valid('search', f.search),
    group: f.group ? String(f.group) : '',
    tag: valid('tag', f.tag),
    country: valid('country', f.country?.toUpperCase()),
    language: f.language ?? '',
    city: f.city?.trim().slice(0, 100) ?? '',
    consent: f.consent ? `${f.consent.channel}:${f.consent.granted}` : '',
  };
}

/** Consent filter select value ↔ filter ('sms:true'). */
export function parseConsent(value: string | null): CustomerFilters['consent'] {
  if (!value) return null;
  const [channel, granted] = value.split(':');
  if (channel !== 'email' && channel !== 'sms' && channel !== 'whatsapp') return null;
  return { channel, granted: granted === 'true' };
}
