/**
 * Names, codes and reasons inside a sentence are isolated (U+2068 … U+2069), so a Latin name in an
 * Arabic sentence (or the other way round) keeps its quotes, brackets and neighbours in place.
 */
import arNotifications from '@risala/shared/i18n/ar/notifications.json' with { type: 'json' };
import enNotifications from '@risala/shared/i18n/en/notifications.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n, isolate, loadAreaMessages, preloadLanguage } from './i18n.ts';

type Texts = Record<string, { title: string; message: string }>;

/** Every {{parameter}} of a text that is not wrapped in U+2068 … U+2069. */
const bare = (text: string) =>
  [...text.matchAll(/(.?)\{\{[^}]+\}\}(.?)/gu)].filter((m) => m[1] !== '\u2068' || m[2] !== '\u2069').map((m) => m[0]);

describe('bell notifications (rendered by the server from packages/shared/src/i18n/*/notifications.json)', () => {
  for (const [language, texts] of [
    ['en', enNotifications],
    ['ar', arNotifications],
  ] as const) {
    it(`isolate every parameter in ${language}`, () => {
      for (const [key, { title, message }] of Object.entries(texts as Texts)) {
        expect(bare(title), `${language} ${key}.title`).toEqual([]);
        expect(bare(message), `${language} ${key}.message`).toEqual([]);
      }
    });
  }
});

describe('web texts with names and dates inside', () => {
  beforeAll(async () => {
    await initI18n();
    await loadAreaMessages();
    await preloadLanguage('ar');
  });

  it('isolate() wraps a value in first-strong isolate … pop directional isolate', () => {
    expect(isolate('Qa Sender')).toBe('\u2068Qa Sender\u2069');
  });

  it('the batch confirmations keep the campaign name and the time apart from the Arabic sentence', () => {
    const ar = i18n.getFixedT('ar');
    const text = ar('campaigns.batches.confirm.cancelWhat', { count: 2, campaign: isolate('Weekend offer') });
    expect(text).toBe('لن تُرسل رسالتان من الحملة «\u2068Weekend offer\u2069»، ويُعاد رصيدهما إلى حسابك.');
    expect(
      ar('campaigns.batches.confirm.sendNowWhat', { count: 11, campaign: isolate('X'), channels: isolate('SMS'), at: isolate('t') }),
    ).toContain('11 رسالة من الحملة «\u2068X\u2069»');
  });
});
