/**
 * The launcher's form state and its mapping to the campaign API (PUT/POST /api/campaigns): what the
 * user has so far becomes a partial draft body (autosave), a saved campaign becomes form state
 * again, and each step says whether it is complete. Times are wall times in the account's time
 * zone (zoned.ts).
 */
import type { AB_METRICS, CampaignDraftInput } from '@risala/shared/schemas/campaigns';
import type { Channel } from '@risala/shared/schemas/messages';
import { unfinishedLinks } from '@risala/shared/email-design';
import type { LauncherPrefill } from '../../lib/draft-prefill.ts';
import type { Campaign } from './api/types.ts';
import { isoToZonedLocal, zonedScheduleError, zonedLocalToIso } from '../../lib/zoned.ts';

export interface ContentDraft {
  sms: { source: 'text' | 'template'; text: string; template_id: number | null };
  /** compose: subject + HTML; template: an APPROVED email template; content: a subject + an item of the content library */
  email: {
    source: 'compose' | 'template' | 'content';
    subject: string;
    html: string;
    template_id: number | null;
    content_id: number | null;
    /** compose with the visual builder: its design (MJML; '' until made), which the server renders to the HTML */
    mjml?: string | null;
  };
  whatsapp: { whatsapp_template_id: number | null; params: string[] };
}

export type AbMetric = (typeof AB_METRICS)[number];

export interface LauncherDraft {
  name: string;
  brand_id: number | null;
  objective: string;
  channels: Channel[];
  audience: { group_ids: number[]; exclude_group_ids: number[] };
  content: ContentDraft;
  senders: { sms_sender_id: number | null; whatsapp_sender_id: number | null };
  ab: { enabled: boolean; split_percent: number; metric: AbMetric; after_hours: number; variant_b: ContentDraft };
  schedule: { mode: 'now' | 'later'; at: string };
}

export const emptyContent = (): ContentDraft => ({
  sms: { source: 'text', text: '', template_id: null },
  email: { source: 'compose', subject: '', html: '', template_id: null, content_id: null },
  whatsapp: { whatsapp_template_id: null, params: [] },
});

export const emptyDraft = (): LauncherDraft => ({
  name: '',
  brand_id: null,
  objective: '',
  channels: [],
  audience: { group_ids: [], exclude_group_ids: [] },
  content: emptyContent(),
  senders: { sms_sender_id: null, whatsapp_sender_id: null },
  ab: { enabled: false, split_percent: 10, metric: 'open', after_hours: 4, variant_b: emptyContent() },
  schedule: { mode: 'now', at: '' },
});

/** A new draft with a message the assistant drafted ("Use in a campaign"): its channel chosen, its text filled in. */
export function draftFromPrefill(p: LauncherPrefill): LauncherDraft {
  const draft = emptyDraft();
  draft.channels = [p.channel];
  if (p.channel === 'sms') draft.content.sms = { source: 'text', text: p.text, template_id: null };
  else draft.content.email = { ...draft.content.email, source: 'compose', subject: p.subject ?? '', html: p.html ?? '' };
  return draft;
}

type WireContent = NonNullable<CampaignDraftInput['content']>;

/** Whether one channel's content is filled in enough to send. */
export function channelContentReady(c: ContentDraft, channel: Channel): boolean {
  if (channel === 'sms') return c.sms.source === 'template' ? c.sms.template_id !== null : c.sms.text.trim() !== '';
  if (channel === 'email') {
    if (c.email.source === 'template') return c.email.template_id !== null;
    if (c.email.source === 'content') return c.email.content_id !== null && c.email.subject.trim() !== '';
    return c.email.subject.trim() !== '' && (c.email.mjml ? true : c.email.html.trim() !== '');
  }
  return c.whatsapp.whatsapp_template_id !== null && c.whatsapp.params.every((p) => p.trim() !== '');
}

/** Whether a composed email still has a button or link that goes nowhere (the starter's button without a website). */
const deadLinks = (c: ContentDraft) => c.email.source === 'compose' && unfinishedLinks(c.email.mjml ?? c.email.html) > 0;

/** The wire content: only the channels that have something, each in its chosen form. */
export function contentBody(c: ContentDraft): WireContent {
  const out: WireContent = {};
  if (c.sms.source === 'template' ? c.sms.template_id : c.sms.text) {
    out.sms = c.sms.source === 'template' ? { template_id: c.sms.template_id, text: null } : { template_id: null, text: c.sms.text };
  }
  const e = c.email;
  if (e.source === 'template' && e.template_id) out.email = { template_id: e.template_id, content_id: null, subject: null, html: null };
  else if (e.source === 'content' && (e.content_id || e.subject))
    out.email = { template_id: null, content_id: e.content_id, subject: e.subject || null, html: null };
  else if (e.source === 'compose' && e.mjml)
    out.email = { template_id: null, content_id: null, subject: e.subject || null, html: null, mjml: e.mjml };
  else if (e.source === 'compose' && (e.subject || e.html))
    out.email = { template_id: null, content_id: null, subject: e.subject || null, html: e.html || null };
  if (c.whatsapp.whatsapp_template_id) out.whatsapp = { whatsapp_template_id: c.whatsapp.whatsapp_template_id, params: c.whatsapp.params };
  return out;
}

function contentDraft(wire: WireContent | null | undefined): ContentDraft {
  const c = emptyContent();
  if (wire?.sms)
    c.sms = wire.sms.template_id
      ? { source: 'template', text: '', template_id: wire.sms.template_id }
      : { source: 'text', text: wire.sms.text ?? '', template_id: null };
  if (wire?.email) {
    const w = wire.email;
    c.email = w.template_id
      ? { source: 'template', subject: '', html: '', template_id: w.template_id, content_id: null }
      : w.content_id
        ? { source: 'content', subject: w.subject ?? '', html: '', template_id: null, content_id: w.content_id }
        : { source: 'compose', subject: w.subject ?? '', html: w.html ?? '', template_id: null, content_id: null, mjml: w.mjml ?? null };
  }
  if (wire?.whatsapp) c.whatsapp = { whatsapp_template_id: wire.whatsapp.whatsapp_template_id ?? null, params: wire.whatsapp.params ?? [] };
  return c;
}

/**
 * The body to autosave. A "later" schedule that is not valid yet (§5) is left out, so the rest of
 * the draft still saves; "now" clears any saved time.
 */
export function draftBody(d: LauncherDraft, timeZone: string): CampaignDraftInput {
  const body: CampaignDraftInput = {
    brand_id: d.brand_id,
    objective: d.objective.trim() || null,
    channels: d.channels,
    audience: d.audience,
    content: contentBody(d.content),
    senders: { sms_sender_id: d.senders.sms_sender_id, whatsapp_sender_id: d.senders.whatsapp_sender_id },
    ab_test: d.ab.enabled
      ? { split_percent: d.ab.split_percent, metric: d.ab.metric, after_hours: d.ab.after_hours, variant_b: contentBody(d.ab.variant_b) }
      : null,
  };
  if (d.name.trim()) body.name = d.name.trim();
  if (d.schedule.mode === 'now') body.schedule_at = null;
  else if (!zonedScheduleError(d.schedule.at, timeZone)) body.schedule_at = zonedLocalToIso(d.schedule.at, timeZone);
  return body;
}

/** A saved campaign as form state. */
export function draftFromCampaign(c: Campaign, timeZone: string): LauncherDraft {
  const base = emptyDraft();
  const ab = c.ab_test;
  return {
    name: c.name,
    brand_id: c.brand_id,
    objective: c.objective ?? '',
    channels: c.channels,
    audience: { group_ids: c.audience?.group_ids ?? [], exclude_group_ids: c.audience?.exclude_group_ids ?? [] },
    content: contentDraft(c.content),
    senders: { sms_sender_id: c.senders?.sms_sender_id ?? null, whatsapp_sender_id: c.senders?.whatsapp_sender_id ?? null },
    ab: ab
      ? {
          enabled: true,
          split_percent: ab.split_percent,
          metric: ab.metric,
          after_hours: ab.after_hours,
          variant_b: contentDraft(ab.variant_b),
        }
      : base.ab,
    schedule: c.schedule_at ? { mode: 'later', at: isoToZonedLocal(c.schedule_at, timeZone) } : base.schedule,
  };
}

export const STEPS = ['brand', 'channels', 'audience', 'content', 'senders', 'abTest', 'schedule', 'review'] as const;
export type Step = (typeof STEPS)[number];

/** Whether a step is complete (senders and the A/B test are optional: defaults apply). */
export function stepComplete(d: LauncherDraft, step: Step, timeZone: string): boolean {
  switch (step) {
    case 'brand':
      return d.brand_id !== null;
    case 'channels':
      return d.channels.length > 0;
    case 'audience':
      return d.audience.group_ids.length > 0;
    case 'content':
      return d.channels.length > 0 && d.channels.every((ch) => channelContentReady(d.content, ch));
    case 'abTest':
      return !d.ab.enabled || d.channels.every((ch) => channelContentReady(d.ab.variant_b, ch));
    case 'schedule':
      return d.schedule.mode === 'now' || zonedScheduleError(d.schedule.at, timeZone) === null;
    default:
      return true;
  }
}

export interface StepIssue {
  /** the API's field name (a server error names the same field) */
  field: string;
  /** an i18n key */
  message: string;
}

/** What keeps a step from being complete, field by field (checked before leaving the step). */
export function stepIssues(d: LauncherDraft, step: Step, timeZone: string): StepIssue[] {
  switch (step) {
    case 'brand':
      return d.brand_id === null ? [{ field: 'brand_id', message: 'launch.issues.brand' }] : [];
    case 'channels':
      return d.channels.length === 0 ? [{ field: 'channels', message: 'launch.issues.channels' }] : [];
    case 'audience':
      return d.audience.group_ids.length === 0 ? [{ field: 'audience.group_ids', message: 'launch.issues.audience' }] : [];
    case 'content':
      if (d.channels.length === 0) return [{ field: 'channels', message: 'launch.issues.channels' }];
      return [
        ...d.channels
          .filter((ch) => !channelContentReady(d.content, ch))
          .map((ch) => ({ field: `content.${ch}`, message: `launch.issues.content.${ch}` })),
        ...(d.channels.includes('email') && deadLinks(d.content) ? [{ field: 'content.email', message: 'launch.issues.deadLink' }] : []),
      ];
    case 'abTest':
      return d.ab.enabled
        ? d.channels
            .filter((ch) => !channelContentReady(d.ab.variant_b, ch))
            .map((ch) => ({ field: `ab_test.variant_b.${ch}`, message: `launch.issues.variantB.${ch}` }))
        : [];
    case 'schedule': {
      const error = d.schedule.mode === 'later' ? zonedScheduleError(d.schedule.at, timeZone) : null;
      return error ? [{ field: 'schedule_at', message: error }] : [];
    }
    default:
      return [];
  }
}

/** The step an API field belongs to (a refused save or launch is shown there, at its field). */
export function stepOfField(field: string): Step {
  if (field === 'name' || field === 'brand_id' || field === 'objective') return 'brand';
  if (field === 'channels') return 'channels';
  if (field.startsWith('audience')) return 'audience';
  if (field.startsWith('content')) return 'content';
  if (field.startsWith('senders') || field.endsWith('sender_id')) return 'senders';
  if (field.startsWith('ab_test')) return 'abTest';
  if (field === 'schedule_at') return 'schedule';
  return 'review';
}

/** Every step before the review is complete: the campaign can be launched. */
export const readyToLaunch = (d: LauncherDraft, timeZone: string) => STEPS.every((s) => stepComplete(d, s, timeZone));

/** Moves a channel one place earlier or later in the fallback order. */
export function moveChannel(channels: Channel[], channel: Channel, by: -1 | 1): Channel[] {
  const i = channels.indexOf(channel);
  const j = i + by;
  if (i < 0 || j < 0 || j >= channels.length) return channels;
  const next = [...channels];
  [next[i], next[j]] = [next[j] as Channel, next[i] as Channel];
  return next;
}
