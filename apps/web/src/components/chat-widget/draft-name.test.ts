import { asciiDigits } from '@risala/shared/grounding';
import { formatInZone } from '@risala/shared/time';
import { describe, expect, it } from 'vitest';
import { draftMoment, whatsappDraftName } from './draft-name.ts';

// 05:27:20 UTC is 08:27 in Riyadh: the name says the account's time, not UTC's
const AT = new Date('2026-12-07T05:27:20Z');

describe("a saved draft's name", () => {
  it("is the moment in the account's zone, in the reader's language", () => {
    // Arabic in the app's digits (the locale's: Arabic-Indic in some browsers, Western in others)
    expect(asciiDigits(draftMoment(AT, 'Asia/Riyadh', 'ar'))).toBe(asciiDigits(formatInZone(AT, 'Asia/Riyadh', 'ar')));
    expect(asciiDigits(draftMoment(AT, 'Asia/Riyadh', 'ar'))).toMatch(/8:27/);
    // the format every screen shows the same moment in
    expect(draftMoment(AT, 'Asia/Riyadh', 'en')).toBe('Dec 7, 2026, 8:27 AM');
    expect(draftMoment(AT, 'UTC', 'en')).toBe('Dec 7, 2026, 5:27 AM');
  });
  it('is a name Meta accepts for WhatsApp, in the same zone', () => {
    expect(whatsappDraftName(AT, 'Asia/Riyadh')).toBe('assistant_draft_20261207_0827');
    expect(whatsappDraftName(AT, 'Asia/Riyadh')).toMatch(/^[a-z0-9_]+$/);
  });
});
