import { hasKey } from '@risala/shared/i18n/index.ts';
import { INBOUND_ACTIONS } from '@risala/shared/schemas/messages';
import { describe, expect, it } from 'vitest';

describe('inbox actions', () => {
  it('every action the pipeline stores has a label in English and Arabic (the inbox showed the raw "stop")', () => {
    for (const language of ['en', 'ar'] as const) {
      const missing = INBOUND_ACTIONS.filter((a) => !hasKey(language, `messages.inbox.actions.${a}`));
      expect(missing, language).toEqual([]);
    }
  });
});
