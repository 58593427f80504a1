import type { FilterType, PluginType, RouterType } from '@risala/shared/schemas/gateway-routing';
import { normalizeWords } from '@risala/shared/schemas/blacklists';
import { userRegexTest } from '@risala/shared/user-regex';

/**
 * The MT routing decision (Jasmin's router, done better), pure: no I/O, the clock, the time zone
 * and the random source are arguments (and, for chooseRouteInSlices, when to let other work run).
 * The pipeline loads the table once (routing-table.ts).
 */
export interface RoutingMessage {
  /** E.164 */
  destination: string;
  /** the source address (originator) as sent to the SMSC; falls back to `sender` */
  source?: string | null;
  /** the sender id the user chose */
  sender?: string | null;
  user_id?: number | null;
  content: string;
  channel?: string;
}

export interface RoutingRule {
  id: number;
  filter_type: FilterType;
  value: Record<string, unknown>;
  status: string;
}

export interface RoutingRouter {
  id: number;
  router_name: string;
  router_type: RouterType;
  order: number;
  rate: string | number;
  status: string;
  connection_ids: number[];
  rules_ids: number[];
  plugins_ids: number[];
}

export interface RoutingPlugin {
  id: number;
  plugin_type: PluginType;
  config: Record<string, unknown>;
  status: string;
}

export interface RouteChoice {
  router: RoutingRouter;
  /** the attempts in order: the first, then the fallbacks */
  connectionIds: number[];
  /** the router's INSTALLED plugins, in the router's order */
  plugins: RoutingPlugin[];
}

/**
 * Message text examined by content rules: the longest SMS text a send takes. Patterns run on RE2
 * (linear in this length, with a bounded program: @risala/shared/user-regex).
 */
const CONTENT_SCAN_LIMIT = 1_600;

const digits = (v: string) => `+${v.replace(/\D/g, '')}`;
const address = (v: string) => v.replace(/[\s()-]/g, '').toLowerCase();
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday) and minute of the day of `now` in `timeZone` (UTC when unknown). */
export function localClock(now: Date, timeZone: string): { day: number; minute: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      return localClock(now, 'UTC');
    }
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutes = (hhmm: unknown) => {
  const [h, m] = String(hhmm).split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Is `now` inside the window? `days` are the days a window starts on; a window whose end is before
 * its start runs past midnight into the next day; equal ends mean the whole day.
 */
export function inTimeWindow(value: Record<string, unknown>, now: Date, timeZone: string): boolean {
  const days = Array.isArray(value.days) ? (value.days as number[]) : [];
  const from = minutes(value.from);
  const to = minutes(value.to);
  const { day, minute } = localClock(now, timeZone);
  if (from === to) return days.includes(day);
  if (from < to) return days.includes(day) && minute >= from && minute < to;
  return (days.includes(day) && minute >= from) || (days.includes((day + 6) % 7) && minute < to);
}

/** Does one rule match the message? Inactive rules never match. */
export function ruleMatches(rule: RoutingRule, message: RoutingMessage, now: Date, timeZone: string): boolean {
  if (rule.status !== 'ACTIVE') return false;
  const v = rule.value ?? {};
  const content = message.content.slice(0, CONTENT_SCAN_LIMIT);
  switch (rule.filter_type) {
    case 'transparent':
      return true;
    case 'destination_prefix': {
      const destination = digits(message.destination);
      return strings(v.prefixes).some((p) => destination.startsWith(digits(p)));
    }
    case 'destination_pattern':
      return userRegexTest(String(v.pattern), message.destination);
    case 'source_address': {
      const source = message.source ?? message.sender;
      return !!source && strings(v.addresses).some((a) => address(a) === address(source));
    }
    case 'sender': {
      const sender = message.sender?.trim().toLowerCase();
      return !!sender && strings(v.sender_ids).some((s) => s.trim().toLowerCase() === sender);
    }
    case 'user':
      return message.user_id != null && Array.isArray(v.user_ids) && (v.user_ids as number[]).includes(message.user_id);
    case 'content_pattern':
      return userRegexTest(String(v.pattern), content, { ignoreCase: true });
    case 'content_keyword': {
      const words = ` ${normalizeWords(content)} `;
      return strings(v.keywords).some((k) => {
        const keyword = normalizeWords(k);
        return keyword !== '' && words.includes(` ${keyword} `);
      });
    }
    case 'time_window':
      return inTimeWindow(v, now, timeZone);
    default:
      return false;
  }
}

/** The attempts of a router: random round robin picks its first at random, the rest follow. */
export function connectionAttempts(router: RoutingRouter, pickRandom: () => number = Math.random): number[] {
  const ids = router.connection_ids;
  if (router.router_type === 'default' || router.router_type === 'static') return ids.slice(0, 1);
  if (router.router_type === 'random_round_robin' && ids.length > 1) {
    const first = Math.min(ids.length - 1, Math.floor(pickRandom() * ids.length));
    return [ids[first] as number, ...ids.filter((_, i) => i !== first)];
  }
  return [...ids];
}

type RouteArgs = [
  message: RoutingMessage,
  routers: RoutingRouter[],
  rules: RoutingRule[],
  now: Date,
  timeZone: string,
  pickRandom?: () => number,
  plugins?: RoutingPlugin[],
];

const NEEDS_TURN = Symbol('needs a turn');
const isPatternRule = (rule: RoutingRule) => rule.filter_type === 'content_pattern' || rule.filter_type === 'destination_pattern';

/**
 * The search behind chooseRoute. Each rule is evaluated once per message (`verdicts` keeps them,
 * even when several routers use it). Before a pattern rule, the only kind whose cost is more than
 * a comparison, it asks `mayRun()`; when that says no it stops with NEEDS_TURN, and the caller
 * runs it again later with the same `verdicts`.
 */
function searchRoute(
  [message, routers, rules, now, timeZone, pickRandom = Math.random, plugins = []]: RouteArgs,
  verdicts: Map<number, boolean>,
  mayRun: () => boolean,
): RouteChoice | null | typeof NEEDS_TURN {
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const active = routers
    .filter((r) => r.status === 'ACTIVE' && r.connection_ids.length > 0)
    .sort((a, b) => a.order - b.order || a.id - b.id);
  let router: RoutingRouter | undefined;
  for (const candidate of active) {
    if (candidate.router_type === 'default') continue;
    let all = true;
    for (const id of candidate.rules_ids) {
      let verdict = verdicts.get(id);
      if (verdict === undefined) {
        const rule = ruleById.get(id);
        if (rule && isPatternRule(rule) && !mayRun()) return NEEDS_TURN;
        verdict = !!rule && ruleMatches(rule, message, now, timeZone);
        verdicts.set(id, verdict);
      }
      if (!verdict) {
        all = false;
        break;
      }
    }
    if (all) {
      router = candidate;
      break;
    }
  }
  router ??= active.find((r) => r.router_type === 'default');
  if (!router) return null;
  const pluginById = new Map(plugins.map((p) => [p.id, p]));
  const routePlugins = router.plugins_ids
    .map((id) => pluginById.get(id))
    .filter((p): p is RoutingPlugin => !!p && p.status === 'INSTALLED');
  return { router, connectionIds: connectionAttempts(router, pickRandom), plugins: routePlugins };
}

const always = () => true;

/**
 * The route for a message: ACTIVE routers by `order` (lower first), the first whose rules all
 * match wins (a router without rules matches everything); the default router catches the rest.
 * Null when nothing routes (no active default router).
 */
export function chooseRoute(...args: RouteArgs): RouteChoice | null {
  return searchRoute(args, new Map(), always) as RouteChoice | null;
}

/**
 * chooseRoute for the server: before each pattern rule, `pause()` may hand back a promise (its
 * time slice is used up) that is awaited first, so routing never holds the event loop for more
 * than one pattern over one message — each is bounded (user-regex.ts), their number is the tenant's.
 */
export async function chooseRouteInSlices(pause: () => Promise<void> | null, ...args: RouteArgs): Promise<RouteChoice | null> {
  const verdicts = new Map<number, boolean>();
  let resumed = false; // after a turn the next pattern runs, whatever pause() says: progress
  for (;;) {
    let turn: Promise<void> | null = null;
    const found = searchRoute(args, verdicts, () => {
      if (resumed) {
        resumed = false;
        return true;
      }
      turn = pause();
      return turn === null;
    });
    if (found !== NEEDS_TURN) return found;
    await turn;
    resumed = true;
  }
}

// http(s) links in message text; trailing punctuation stays outside the link
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'«»]+/giu;
const TRAILING = /[.,;:!?)\]}'"،؛؟]+$/u;

/** Shortens one URL for a url_shortener plugin; throws AppError('URL_SHORTENING_FAILED') on failure. */
export type ShortenUrl = (url: string, plugin: RoutingPlugin) => Promise<string>;

/**
 * Applies a route's plugins in order: sender_override replaces the sender (and source), and
 * url_shortener rewrites each http(s) URL of the content through `shortenUrl`.
 */
export async function applyPlugins<M extends RoutingMessage>(message: M, plugins: RoutingPlugin[], shortenUrl: ShortenUrl): Promise<M> {
  let out = { ...message };
  for (const plugin of plugins) {
    if (plugin.status !== 'INSTALLED') continue;
    if (plugin.plugin_type === 'sender_override' && typeof plugin.config.sender_id === 'string') {
      out = { ...out, sender: plugin.config.sender_id, source: plugin.config.sender_id };
    } else if (plugin.plugin_type === 'url_shortener') {
      const found = [...out.content.matchAll(URL_IN_TEXT)].map((m) => m[0].replace(TRAILING, ''));
      const unique = [...new Set(found)].filter((u) => u.length > 0);
      const short = new Map<string, string>();
      for (const url of unique) short.set(url, await shortenUrl(url, plugin));
      const content = out.content.replace(URL_IN_TEXT, (match) => {
        const url = match.replace(TRAILING, '');
        return (short.get(url) ?? url) + match.slice(url.length);
      });
      out = { ...out, content };
    }
  }
  return out;
}
