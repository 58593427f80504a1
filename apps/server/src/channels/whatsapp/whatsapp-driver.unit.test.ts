import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { isStopKeyword } from '../../modules/messaging/inbound-whatsapp.ts';
import { readMessagesChange } from '../../modules/whatsapp/whatsapp-webhook.service.ts';
import { CloudApiError, messageBody } from './cloud-api.ts';
import { outcomeOfError } from './whatsapp-driver.ts';

describe('WhatsApp driver outcomes', () => {
  it('retries network, throttling and 5xx; fails permanent errors with a readable reason', () => {
    expect(outcomeOfError(new CloudApiError(0, 'unreachable: ECONNREFUSED'))).toMatchObject({ ok: false, retryable: true });
    expect(outcomeOfError(new CloudApiError(429, 'Too many requests', 130429))).toMatchObject({ retryable: true });
    expect(outcomeOfError(new CloudApiError(503, 'Service unavailable'))).toMatchObject({ retryable: true });
    expect(outcomeOfError(new CloudApiError(400, '(#131047) Re-engagement message', 131047))).toMatchObject({
      retryable: false,
      error_code: 'WHATSAPP_WINDOW_CLOSED',
    });
    const unknown = outcomeOfError(new CloudApiError(404, 'Template name does not exist', 132001));
    expect(unknown).toMatchObject({ ok: false, retryable: false, error_code: 'WHATSAPP_API_ERROR' });
    expect(readable((unknown as { error_message: string }).error_message, 'en')).toBe(
      'WhatsApp refused the message: Template name does not exist (#132001)',
    );
    expect(readable((unknown as { error_message: string }).error_message, 'ar')).toBe(
      'رفض واتساب الرسالة: Template name does not exist (#132001)',
    );
  });

  it('builds the Graph API body for a template and for text', () => {
    expect(messageBody({ type: 'template', to: '+966 50 000 0001', name: 'hello', language: 'ar', params: ['Sara'] })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '966500000001',
      type: 'template',
      template: { name: 'hello', language: { code: 'ar' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sara' }] }] },
    });
    expect(messageBody({ type: 'text', to: '+966500000001', text: 'Hi' })).toMatchObject({
      type: 'text',
      text: { body: 'Hi', preview_url: false },
    });
  });
});

describe('inbound', () => {
  it.each(['STOP', 'stop', ' Unsubscribe ', 'إيقاف', 'الغاء', 'إلغاء', 'توقف', 'stop!'])('"%s" is a STOP keyword', (text) => {
    expect(isStopKeyword(text)).toBe(true);
  });
  it.each(['stop sending me offers please', 'hello', ''])('"%s" is not', (text) => {
    expect(isStopKeyword(text)).toBe(false);
  });

  it('reads statuses (with failure reasons) and inbound messages from a messages change', () => {
    const out = readMessagesChange({
      metadata: { phone_number_id: '900000000000001' },
      statuses: [
        { id: 'wamid.A', status: 'read', timestamp: '1700000000' },
        {
          id: 'wamid.B',
          status: 'failed',
          timestamp: '1700000001',
          errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'not on WhatsApp' } }],
        },
        { id: 'wamid.C', status: 'deleted' },
      ],
      messages: [
        { from: '966500000001', id: 'wamid.X', timestamp: '1700000002', type: 'text', text: { body: 'hi' } },
        { from: '966500000002', id: 'wamid.Y', type: 'button', button: { text: 'Yes' } },
        { from: '966500000003', id: 'wamid.Z', type: 'image' },
      ],
    });
    expect(out.statuses).toEqual([
      { channel: 'whatsapp', provider_message_id: 'wamid.A', status: 'READ', at: new Date(1700000000_000) },
      {
        channel: 'whatsapp',
        provider_message_id: 'wamid.B',
        status: 'FAILED',
        at: new Date(1700000001_000),
        error_code: 'WA_131026',
        error_message: expect.stringContaining('notOnWhatsapp'),
      },
    ]);
    expect(out.inbound.map((m) => m.text)).toEqual(['hi', 'Yes', '[image]']);
    expect(out.inbound[0]).toMatchObject({ phone_number_id: '900000000000001', from: '966500000001', wamid: 'wamid.X' });
  });
});
