/**
 * The dashboard's filters as the URL keeps them (lib/url-list.ts): a range preset or a custom
 * range (local days in the account's time zone), a channel, a brand, a campaign — so a reload, Back
 * or a shared link shows the same view.
 */
import { CHANNELS, RANGE_PRESETS, type RangePreset } from '@risala/shared/constants';
import type { DashboardFilter } from '@risala/shared/schemas/dashboard';
import { oneOf } from '../../lib/url-list.ts';

export const DASHBOARD_DEFAULTS = { range: '30d', from: '', to: '', channel: '', brand: '', campaign: '' };
export type DashboardUrl = typeof DASHBOARD_DEFAULTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

/** 'custom' when the URL holds a valid custom range, else a preset (unknown ones: the default). */
export function rangeChoice(v: DashboardUrl): RangePreset | 'custom' {
  if (v.range === 'custom' && DAY.test(v.from) && DAY.test(v.to) && v.from <= v.to) return 'custom';
  return oneOf(v.range, RANGE_PRESETS) ?? '30d';
}

/** The API's filter for the URL's view (a malformed id or day is dropped, not sent). */
export function filterFromUrl(v: DashboardUrl): DashboardFilter {
  const choice = rangeChoice(v);
  return {
    ...(choice === 'custom' ? { from: v.from, to: v.to } : { preset: choice }),
    channel: oneOf(v.channel, CHANNELS) ?? undefined,
    brand_id: ID.test(v.brand) ? Number(v.brand) : undefined,
    campaign_id: ID.test(v.campaign) ? Number(v.campaign) : undefined,
  };
}

/** The filter as query parameters (undefined ones left out). */
export function filterQuery(f: DashboardFilter): Record<string, string | number | undefined> {
  return { preset: f.preset, from: f.from, to: f.to, channel: f.channel, brand_id: f.brand_id, campaign_id: f.campaign_id };
}

/**
 * The Message History view of a failure reason in the dashboard's period: its state, its code and
 * the same channel and campaign, so the list shows exactly the messages the bar counted.
 */
export function historyLink(reason: { code: string; status: string }, range: { from: string; to: string }, f: DashboardFilter): string {
  const q = new URLSearchParams({
    status: reason.status,
    error_code: reason.code === '' ? '-' : reason.code,
    from: range.from,
    to: range.to,
  });
  if (f.channel) q.set('channel', f.channel);
  if (f.campaign_id) q.set('campaign', String(f.campaign_id));
  return `/message-history?${q.toString()}`;
}
