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

/** Consent filter select value ↔ filter ('sms:true'). */
export function parseConsent(value: string | null): CustomerFilters['consent'] {
  if (!value) return null;
  const [channel, granted] = value.split(':');
  if (channel !== 'email' && channel !== 'sms' && channel !== 'whatsapp') return null;
  return { channel, granted: granted === 'true' };
}
