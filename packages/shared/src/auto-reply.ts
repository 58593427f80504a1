/**
 * WhatsApp auto-reply: keyword rules first (in order, first match wins), then the away message.
 * Pure, so the inbound pipeline (server) and the "try it" box (web) give the same answer.
 */
export interface AutoReplyRule {
  keyword: string;
  match: 'exact' | 'contains';
  reply: string;
}

export interface AutoReplyConfig {
  enabled: boolean;
  rules: AutoReplyRule[];
  /** `from`/`to` (HH:MM, UTC) bound the away hours; without them the away message always applies. */
  away: { enabled: boolean; text: string; from?: string | null; to?: string | null };
}

export const EMPTY_AUTO_REPLY: AutoReplyConfig = { enabled: false, rules: [], away: { enabled: false, text: '' } };

/** Case-, width- and spacing-insensitive form for comparing keywords (Arabic letters stay as they are). */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether `now` (UTC) falls in the away window; a window like 18:00–08:00 wraps past midnight. */
export function isAway(away: AutoReplyConfig['away'], now: Date): boolean {
  if (!away.enabled || !away.text.trim()) return false;
  if (!away.from || !away.to) return true;
  const t = now.getUTCHours() * 60 + now.getUTCMinutes();
  const from = minutesOf(away.from);
  const to = minutesOf(away.to);
  if (from === to) return true;
  return from < to ? t >= from && t < to : t >= from || t < to;
}

export function autoReplyFor(config: AutoReplyConfig, inboundText: string, now: Date): string | null {
  if (!config.enabled) return null;
  const text = normalizeForMatch(inboundText);
  if (text) {
    for (const rule of config.rules) {
      const keyword = normalizeForMatch(rule.keyword);
      if (!keyword) continue;
      if (rule.match === 'exact' ? text === keyword : text.includes(keyword)) return rule.reply;
    }
  }
  return isAway(config.away, now) ? config.away.text : null;
}
