import { describe, expect, it } from 'vitest';
import { isStopKeyword } from './inbound-sms.ts';

describe('STOP keywords', () => {
  it('match the whole message, whatever the case and whitespace, in English and Arabic', () => {
    for (const text of ['STOP', ' stop ', 'Unsubscribe', 'end', 'CANCEL', 'إيقاف', ' الغاء', 'إلغاء', 'توقف\n']) {
      expect(isStopKeyword(text)).toBe(true);
    }
  });
  it('do not match inside other text', () => {
    for (const text of ['please stop', 'stopped', 'weekend', 'hello']) expect(isStopKeyword(text)).toBe(false);
  });
});
