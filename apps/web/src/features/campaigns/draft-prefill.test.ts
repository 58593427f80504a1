import { describe, expect, it } from 'vitest';
import { prefillOf, readPrefill } from '../../lib/draft-prefill.ts';
import { channelContentReady, contentBody, draftFromPrefill } from './draft.ts';

const sms = {
  channel: 'sms' as const,
  language: 'ar' as const,
  body: 'عروض رمضان من Risala Demo Store: خصم 20٪. لإلغاء الاشتراك أرسل STOP',
  subject: null,
  html: null,
  footer: null,
  variables: [],
  button: null,
  sms: { encoding: 'UCS-2' as const, parts: 1, characters: 62, max_parts: 2, fits: true },
  language_check: { ok: true, language: 'ar' as const, foreign: [] },
  offer: null,
  source: 'builtin' as const,
};

describe('"Use in a campaign": the assistant\'s draft in a new launcher draft', () => {
  it('chooses the channel and fills the text, nothing else', () => {
    const prefill = prefillOf(sms);
    expect(prefill).toEqual({ channel: 'sms', text: sms.body, subject: null, html: null });
    const d = draftFromPrefill(readPrefill({ prefill }) ?? (prefill as never));
    expect(d.channels).toEqual(['sms']);
    expect(channelContentReady(d.content, 'sms')).toBe(true);
    expect(contentBody(d.content)).toEqual({ sms: { template_id: null, text: sms.body } });
    expect(d.audience.group_ids).toEqual([]);
  });

  it('fills an email draft composed from the subject and the HTML', () => {
    const d = draftFromPrefill({ channel: 'email', text: 'x', subject: 'Ramadan offers: 20% off', html: '<div dir="ltr"><p>x</p></div>' });
    expect(d.content.email).toMatchObject({ source: 'compose', subject: 'Ramadan offers: 20% off', html: '<div dir="ltr"><p>x</p></div>' });
  });

  it('has nothing for a WhatsApp body (a campaign uses an approved template) and ignores foreign state', () => {
    expect(prefillOf({ ...sms, channel: 'whatsapp' })).toBeNull();
    expect(readPrefill(null)).toBeNull();
    expect(readPrefill({ created: true })).toBeNull();
    expect(readPrefill({ prefill: { channel: 'fax', text: 'x' } })).toBeNull();
  });
});
