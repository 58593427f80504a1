import {
  CHANNELS,
  type Channel,
  MESSAGE_STATES,
  MESSAGE_VIEW_NAMES,
  type MessageDto,
  type MessageState,
  type MessageView,
} from '@risala/shared/schemas/messages';
import { oneOf } from '../../lib/url-list.ts';

/** The history filters as the page holds them (shared by the list and the CSV export). */
export interface MessageFilters {
  view: MessageView;
  channel?: Channel | null;
  status?: MessageState | null;
  search?: string;
  bulk_id?: string;
  /** from the dashboard's failure reasons: one campaign, one failure code ('-': none recorded) */
  campaign_id?: number;
  error_code?: string;
  /** yyyy-mm-dd (local day), inclusive */
  from?: string;
  to?: string;
}

/** A local yyyy-mm-dd day → the ISO instant of its start (to: the next day's start, exclusive). */
export function dayStart(day: string, next = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (next ? 1 : 0));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** A From day later than the To day (yyyy-mm-dd compare as text): an impossible range, never sent to the server. */
export function rangeInverted(f: Pick<MessageFilters, 'from' | 'to'>): boolean {
  return Boolean(f.from && f.to && f.from > f.to);
}

export function filterQuery(f: MessageFilters): Record<string, string | number | undefined> {
  // an impossible range filters by no date (the filter bar says so at the date fields)
  const dated = !rangeInverted(f);
  return {
    view: f.view === 'all' ? undefined : f.view,
    channel: f.channel ?? undefined,
    status: f.status ?? undefined,
    search: f.search?.trim() || undefined,
    bulk_id: f.bulk_id?.trim() || undefined,
    campaign_id: f.campaign_id,
    error_code: f.error_code || undefined,
    from: dated && f.from ? dayStart(f.from) : undefined,
    to: dated && f.to ? dayStart(f.to, true) : undefined,
  };
}

/** The export link for the current filters (the session cookie authorises the download). */
export function exportUrl(f: MessageFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filterQuery(f))) if (v !== undefined) params.set(k, String(v));
  const text = params.toString();
  return `/api/messages/export.csv${text ? `?${text}` : ''}`;
}

/** Messages still moving through the pipeline: the page refreshes while one is shown. */
const MOVING: readonly MessageState[] = ['PENDING', 'QUEUED', 'SENT', 'ACCEPTED', 'PARTIALLY_SENT'];
/** A WhatsApp message delivered this recently may still turn READ (the chat is often open). */
const READ_WATCH_MS = 2 * 60_000;
export const isMoving = (
  items: readonly (Pick<MessageDto, 'status'> & Partial<Pick<MessageDto, 'channel' | 'delivered_at'>>)[],
  now = Date.now(),
) =>
  items.some(
    (m) =>
      MOVING.includes(m.status) ||
      (m.status === 'DELIVERED' &&
        m.channel === 'whatsapp' &&
        m.delivered_at != null &&
        now - new Date(m.delivered_at).getTime() < READ_WATCH_MS),
  );

export const STATUS_COLORS: Record<MessageState, string> = {
  PENDING: 'gray',
  SCHEDULED: 'indigo',
  QUEUED: 'yellow',
  SENT: 'blue',
  ACCEPTED: 'cyan',
  DELIVERED: 'green',
  READ: 'teal',
  FAILED: 'red',
  BLOCKED: 'dark',
  NOT_ALLOWED: 'orange',
  PARTIALLY_SENT: 'blue',
  PARTIALLY_DELIVERED: 'lime',
  CANCELLED: 'gray',
};

/**
 * The page's view as the URL holds it (lib/url-list.ts), e.g. /message-history?bulk_id=… after a
 * send, or ?view=failed&channel=sms&from=2026-03-01&sort=status&order=asc&page=2. `view` is a
 * catalogue view or the inbox tab.
 */
export const LIST_DEFAULTS = {
  view: 'all',
  search: '',
  channel: '',
  status: '',
  bulk_id: '',
  campaign: '',
  error_code: '',
  from: '',
  to: '',
  sort: 'created_at',
  order: 'desc',
};
export type MessageListUrl = typeof LIST_DEFAULTS;
/** The filters the filter bar edits (the view is the tabs'). */
export type HistoryFilterValues = Omit<MessageFilters, 'view'>;

const SORTS = ['created_at', 'status', 'recipient', 'sent_at'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The catalogue view in the URL ('all' for an unknown one, or for the inbox tab). */
export function viewFromUrl(v: Pick<MessageListUrl, 'view'>): MessageView {
  return oneOf(v.view, MESSAGE_VIEW_NAMES) ?? 'all';
}

/** The filters in the URL; unknown channels, states and malformed days are dropped. */
export function filtersFromUrl(v: MessageListUrl): HistoryFilterValues {
  return {
    channel: oneOf(v.channel, CHANNELS),
    status: oneOf(v.status, MESSAGE_STATES),
    search: v.search || undefined,
    bulk_id: v.bulk_id || undefined,
    campaign_id: /^[1-9]\d{0,9}$/.test(v.campaign) ? Number(v.campaign) : undefined,
    error_code: /^[\w.-]{1,64}$/.test(v.error_code) ? v.error_code : undefined,
    from: DAY.test(v.from) ? v.from : undefined,
    to: DAY.test(v.to) ? v.to : undefined,
  };
}

export function filtersToUrl(f: HistoryFilterValues): Partial<MessageListUrl> {
  return {
    channel: f.channel ?? '',
    status: f.status ?? '',
    search: f.search?.trim() ?? '',
    bulk_id: f.bulk_id?.trim() ?? '',
    campaign: f.campaign_id ? String(f.campaign_id) : '',
    error_code: f.error_code ?? '',
    from: f.from ?? '',
    to: f.to ?? '',
  };
}

/** The sort in the URL (an unknown column or order: newest first). */
export function sortFromUrl(v: Pick<MessageListUrl, 'sort' | 'order'>): { sort: (typeof SORTS)[number]; order: 'asc' | 'desc' } {
  return { sort: oneOf(v.sort, SORTS) ?? 'created_at', order: v.order === 'asc' ? 'asc' : 'desc' };
}

/** A message's text in one short line: an email's subject (else its text without tags), an SMS or WhatsApp body. */
export function snippet(m: Pick<MessageDto, 'channel' | 'subject' | 'body'>, max = 80): string {
  const text = (m.channel === 'email' && m.subject ? m.subject : m.body.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
