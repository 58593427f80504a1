import { describe, expect, it } from 'vitest';
import i18n, { initI18n, loadAreaMessages, preloadLanguage } from '../../lib/i18n.ts';
import { reasonText } from './reasons.ts';
import { beforeAll } from 'vitest';

describe('a plan remark in words', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAreaMessages();
    await preloadLanguage('ar');
  });

  it("names the channel, the segment, the error and the language in the reader's language", async () => {
    await i18n.changeLanguage('en');
    expect(reasonText(i18n.t, { key: 'channelUnavailable', params: { channel: 'email', error: 'NO_ACTIVE_SENDER' } })).toMatch(
      /^Email is left out: /,
    );
    expect(reasonText(i18n.t, { key: 'noWhatsappTemplate', params: { language: 'ar' } })).toContain('in Arabic');
    await i18n.changeLanguage('ar');
    const text = reasonText(i18n.t, { key: 'droppedForBudget', params: { channel: 'sms', segment: 'ar' } }, (n) => String(n));
    expect(text).toContain('الناطقون بالعربية');
    expect(text).not.toMatch(/\{\{/);
    await i18n.changeLanguage('en');
  });
});
