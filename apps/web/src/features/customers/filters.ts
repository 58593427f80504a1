/** The list filters as the page holds them, and their query-string form (shared by list and export). */
export interface CustomerFilters {
  search?: string;
  group?: number | null;
  tag?: string;
  country?: string;
  /** channel=true/false, e.g. { sms: true } */
  consent?: { channel: 'email' | 'sms' | 'whatsapp'; granted: boolean } | null;
}

export function filterQuery(f: CustomerFilters): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {
    search: f.search?.trim() || undefined,
    group: f.group ?? undefined,
    tag: f.tag?.trim() || undefined,
    country: f.country?.trim().toUpperCase() || undefined,
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
export const LIST_DEFAULTS = { search: '', group: '', tag: '', country: '', consent: '', sort: 'created_at', order: 'desc' };
export type CustomerListUrl = typeof LIST_DEFAULTS;

export function filtersFromUrl(v: CustomerListUrl): CustomerFilters {
  const group = Number(v.group);
  return {
    search: v.search || undefined,
    group: Number.isInteger(group) && group > 0 ? group : null,
    tag: v.tag || undefined,
    country: v.country || undefined,
    consent: parseConsent(v.consent || null),
  };
}

export function filtersToUrl(f: CustomerFilters): Partial<CustomerListUrl> {
  return {
    search: f.search?.trim() ?? '',
    group: f.group ? String(f.group) : '',
    tag: f.tag?.trim() ?? '',
    country: f.country?.trim().toUpperCase() ?? '',
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
