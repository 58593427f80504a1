import { describe, expect, it } from 'vitest';
import type { Campaign } from './api/types.ts';
import {
  channelContentReady,
  contentBody,
  draftBody,
  draftFromCampaign,
  emptyDraft,
  moveChannel,
  readyToLaunch,
  stepComplete,
  stepIssues,
  stepOfField,
} from './draft.ts';
import { isoToZonedLocal, minZonedLocal, zonedLocalToIso, zonedScheduleError } from '../../lib/zoned.ts';

const ZONE = 'Asia/Riyadh'; // UTC+3, no daylight saving

describe('zoned wall times', () => {
  it('converts a wall time in the account zone to an instant and back', () => {
    expect(zonedLocalToIso('2026-11-22T12:30', ZONE)).toBe('2026-11-22T09:30:00.000Z');
    expect(isoToZonedLocal('2026-11-22T09:30:00.000Z', ZONE)).toBe('2026-11-22T12:30');
    expect(zonedLocalToIso('2026-11-22T12:30', 'UTC')).toBe('2026-11-22T12:30:00.000Z');
    expect(zonedLocalToIso('nonsense', ZONE)).toBeNull();
  });

  it('handles a daylight-saving zone on both sides of the change', () => {
    expect(zonedLocalToIso('2026-01-15T10:00', 'Europe/Berlin')).toBe('2026-01-15T09:00:00.000Z');
    expect(zonedLocalToIso('2026-07-15T10:00', 'Europe/Berlin')).toBe('2026-07-15T08:00:00.000Z');
  });

  it('refuses a time not later than now + 5 minutes (§5)', () => {
    const now = Date.parse('2026-11-22T09:00:00Z');
    expect(zonedScheduleError('2026-11-22T12:03', ZONE, now)).toBe('validation.scheduledTime');
    expect(zonedScheduleError('2026-11-22T12:05', ZONE, now)).toBe('validation.scheduledTime');
    expect(zonedScheduleError('2026-11-22T12:06', ZONE, now)).toBeNull();
    expect(zonedScheduleError('', ZONE, now)).toBe('validation.dateTime');
    expect(minZonedLocal(ZONE, now)).toBe('2026-11-22T12:06');
  });
});

describe('launcher draft', () => {
  it('an empty draft saves as a partial body and is not ready', () => {
    const d = emptyDraft();
    const body = draftBody(d, ZONE);
    expect(body).toMatchObject({ brand_id: null, channels: [], content: {}, ab_test: null, schedule_at: null });
    expect(body.name).toBeUndefined();
    expect(readyToLaunch(d, ZONE)).toBe(false);
  });

  it('a complete draft is ready; content is sent in its chosen form', () => {
    const d = emptyDraft();
    d.brand_id = 3;
    d.channels = ['sms', 'email'];
    d.audience.group_ids = [7];
    d.content.sms = { source: 'text', text: 'Hi {{first_name}}', template_id: 9 };
    d.content.email = { source: 'template', subject: 'x', html: 'y', template_id: 4, content_id: null };
    expect(readyToLaunch(d, ZONE)).toBe(true);
    expect(contentBody(d.content)).toEqual({
      sms: { template_id: null, text: 'Hi {{first_name}}' },
      email: { template_id: 4, content_id: null, subject: null, html: null },
    });
    // an item of the content library with its own subject
    d.content.email = { source: 'content', subject: 'News for {{first_name}}', html: '', template_id: null, content_id: 12 };
    expect(readyToLaunch(d, ZONE)).toBe(true);
    expect(contentBody(d.content).email).toEqual({ template_id: null, content_id: 12, subject: 'News for {{first_name}}', html: null });
    d.content.email.subject = ' ';
    expect(channelContentReady(d.content, 'email')).toBe(false);
    d.content.email = { source: 'template', subject: 'x', html: 'y', template_id: 4, content_id: null };
    d.ab.enabled = true;
    expect(stepComplete(d, 'abTest', ZONE)).toBe(false);
    d.ab.variant_b.sms.text = 'B';
    d.ab.variant_b.email = { source: 'compose', subject: 'S', html: '<p>B</p>', template_id: null, content_id: null };
    expect(stepComplete(d, 'abTest', ZONE)).toBe(true);
    expect(draftBody(d, ZONE).ab_test).toMatchObject({ split_percent: 10, metric: 'open', variant_b: { sms: { text: 'B' } } });
  });

  it('an invalid later time is left out of the autosave; a valid one is sent as an instant', () => {
    const d = emptyDraft();
    d.schedule = { mode: 'later', at: '2000-01-01T10:00' };
    expect('schedule_at' in draftBody(d, ZONE)).toBe(false);
    expect(stepComplete(d, 'schedule', ZONE)).toBe(false);
    d.schedule = { mode: 'later', at: '2099-01-01T10:00' };
    expect(draftBody(d, ZONE).schedule_at).toBe('2099-01-01T07:00:00.000Z');
  });

  it('a saved campaign becomes form state again', () => {
    const c = {
      id: 1,
      name: 'Launch',
      brand_id: 2,
      objective: null,
      channels: ['whatsapp', 'sms'],
      audience: { group_ids: [5] },
      content: { sms: { template_id: 8, text: null }, whatsapp: { whatsapp_template_id: 3, params: ['{{first_name}}'] } },
      senders: {},
      ab_test: null,
      status: 'DRAFT',
      schedule_at: '2099-01-01T07:00:00.000Z',
    } as unknown as Campaign;
    const d = draftFromCampaign(c, ZONE);
    expect(d.audience).toEqual({ group_ids: [5], exclude_group_ids: [] });
    expect(d.content.sms).toEqual({ source: 'template', text: '', template_id: 8 });
    expect(d.content.whatsapp).toEqual({ whatsapp_template_id: 3, params: ['{{first_name}}'] });
    expect(d.schedule).toEqual({ mode: 'later', at: '2099-01-01T10:00' });
    expect(d.ab.enabled).toBe(false);
  });

  it('moves a channel in the fallback order', () => {
    expect(moveChannel(['sms', 'email', 'whatsapp'], 'email', -1)).toEqual(['email', 'sms', 'whatsapp']);
    expect(moveChannel(['sms', 'email'], 'sms', -1)).toEqual(['sms', 'email']);
  });
});

describe('step checks before leaving a step', () => {
  it('names each missing field, by the API field a server error would name', () => {
    const d = emptyDraft();
    expect(stepIssues(d, 'brand', ZONE)).toEqual([{ field: 'brand_id', message: 'launch.issues.brand' }]);
    expect(stepIssues({ ...d, brand_id: 3 }, 'brand', ZONE)).toEqual([]);
    const two = { ...d, channels: ['sms', 'email'] as const } as unknown as typeof d;
    expect(stepIssues(two, 'content', ZONE).map((i) => i.field)).toEqual(['content.sms', 'content.email']);
    expect(stepIssues({ ...two, ab: { ...d.ab, enabled: true } }, 'abTest', ZONE).map((i) => i.field)).toEqual([
      'ab_test.variant_b.sms',
      'ab_test.variant_b.email',
    ]);
    expect(stepIssues({ ...d, schedule: { mode: 'later', at: '2020-01-01T10:00' } }, 'schedule', ZONE)).toEqual([
      { field: 'schedule_at', message: 'validation.scheduledTime' },
    ]);
    expect(stepIssues(d, 'senders', ZONE)).toEqual([]);
  });

  it('stops a designed email whose button still goes nowhere', () => {
    const d = { ...emptyDraft(), channels: ['email'] as const } as unknown as ReturnType<typeof emptyDraft>;
    const email = (href: string) => ({
      ...d.content.email,
      subject: 'Spring',
      mjml: `<mjml><mj-body><mj-section><mj-column><mj-button href="${href}">Shop</mj-button></mj-column></mj-section></mj-body></mjml>`,
    });
    expect(stepIssues({ ...d, content: { ...d.content, email: email('https://') } }, 'content', ZONE)).toEqual([
      { field: 'content.email', message: 'launch.issues.deadLink' },
    ]);
    expect(stepIssues({ ...d, content: { ...d.content, email: email('https://bloom.example/spring') } }, 'content', ZONE)).toEqual([]);
  });

  it('maps a refused field back to its step', () => {
    expect(
      [
        'name',
        'brand_id',
        'channels',
        'audience.group_ids',
        'content.sms',
        'senders.sms_sender_id',
        'ab_test.variant_b.email',
        'schedule_at',
        'x',
      ].map(stepOfField),
    ).toEqual(['brand', 'brand', 'channels', 'audience', 'content', 'senders', 'abTest', 'schedule', 'review']);
  });
});
