import { describe, expect, it } from 'vitest';
import { messageRuns } from './message-runs.ts';

describe('messageRuns: placeholders and links apart from the words', () => {
  it('isolates an Arabic placeholder with its fallback whole, and a link without the words around it', () => {
    expect(messageRuns('أهلًا {{first_name|عميلنا العزيز}}، خصم 20٪. تسوّق الآن: https://x.sa/e للإلغاء أرسل STOP')).toEqual([
      { kind: 'text', text: 'أهلًا ' },
      { kind: 'placeholder', text: '{{first_name|عميلنا العزيز}}' },
      { kind: 'text', text: '، خصم 20٪. تسوّق الآن: ' },
      { kind: 'link', text: 'https://x.sa/e' },
      { kind: 'text', text: ' للإلغاء أرسل STOP' },
    ]);
  });
  it('keeps WhatsApp numbers and plain text as they are', () => {
    expect(messageRuns('Hi {{1}},')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'placeholder', text: '{{1}}' },
      { kind: 'text', text: ',' },
    ]);
    expect(messageRuns('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});
