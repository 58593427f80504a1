/**
 * What "Use in a campaign" hands the Campaign Launcher (as navigation state): the channel and the
 * message, nothing saved yet. The launcher starts a new draft with it; its autosave begins only
 * when the user changes something, as for any new campaign.
 */
import type { MessageDraft } from '@risala/shared/schemas/ai-draft';

export interface LauncherPrefill {
  channel: 'sms' | 'email';
  text: string;
  subject: string | null;
  html: string | null;
}

export const prefillOf = (d: MessageDraft): LauncherPrefill | null =>
  d.channel === 'sms' || d.channel === 'email' ? { channel: d.channel, text: d.body, subject: d.subject, html: d.html } : null;

/** The prefill in a location's state, if any (anything else there is ignored). */
export function readPrefill(state: unknown): LauncherPrefill | null {
  const p = (state as { prefill?: LauncherPrefill } | null)?.prefill;
  if (!p || (p.channel !== 'sms' && p.channel !== 'email') || typeof p.text !== 'string') return null;
  return p;
}
