import { storeReason, translate } from '@risala/shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { readableError } from './history.service.ts';

describe('readableError', () => {
  it('reads the stored reason first, in the reader’s language, whatever the code', () => {
    const stored = storeReason({ key: 'sending.whatsapp.refused', params: { detail: 'Template name does not exist (#132001)' } });
    expect(readableError('WHATSAPP_API_ERROR', stored, 'en')).toBe('WhatsApp refused the message: Template name does not exist (#132001)');
    expect(readableError('WHATSAPP_API_ERROR', stored, 'ar')).toBe(
      translate('ar', 'sending.whatsapp.refused', { detail: 'Template name does not exist (#132001)' }),
    );
    expect(readableError(null, storeReason({ key: 'sending.noRoute' }), 'en')).toContain('No route');
  });
  it('explains rows stored before reasons were kept, never with a bare placeholder', () => {
    expect(readableError('WHATSAPP_API_ERROR', 'Message undeliverable (#131026)', 'en')).toBe(
      'The WhatsApp Cloud API refused the request: Message undeliverable (#131026)',
    );
    expect(readableError('ESME_RINVDSTADR', 'raw', 'en')).toContain('ESME_RINVDSTADR');
    expect(readableError('SOMETHING_ELSE', 'as stored', 'en')).toBe('as stored');
    expect(readableError(null, null, 'en')).toBeNull();
  });
});
