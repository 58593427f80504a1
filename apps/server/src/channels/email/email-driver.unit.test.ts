import { storedReasonText as readable } from '@risala/shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { statusesOf } from '../../modules/senders/email-webhook.service.ts';
import { smtpOutcome } from './email-driver.ts';

const smtpError = (responseCode: number | undefined, response: string, code?: string) =>
  Object.assign(new Error(response), { responseCode, response, code });

describe('email driver outcomes', () => {
  it('SMTP 5xx fails with the server reason; 4xx and network errors retry; a refused host fails', () => {
    const refused = smtpOutcome(smtpError(550, '550 5.1.1 User unknown'), { host: 'smtp.example.com', port: 587 });
    expect(refused).toMatchObject({ ok: false, retryable: false, error_code: 'SMTP_550' });
    expect(readable((refused as { error_message: string }).error_message, 'en')).toBe(
      'The mail server refused the message: \u2068550 5.1.1 User unknown\u2069',
    );
    expect(smtpOutcome(smtpError(451, '451 4.7.1 Greylisted'))).toMatchObject({ retryable: true, error_code: 'SMTP_451' });
    expect(smtpOutcome(smtpError(undefined, 'connect ECONNREFUSED 127.0.0.1:1', 'ECONNECTION'))).toMatchObject({
      retryable: true,
      error_code: 'ECONNECTION',
    });
    expect(smtpOutcome(new AppError('PRIVATE_ADDRESS_NOT_ALLOWED'))).toMatchObject({
      retryable: false,
      error_code: 'PRIVATE_ADDRESS_NOT_ALLOWED',
    });
    // a relay of the tenant's names where it failed; the platform's own mailer only says what happened
    const refusedRelay = smtpOutcome(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', originalCode: 'ECONNREFUSED' }), {
      host: 'smtp.example.com',
      port: 587,
    });
    expect(readable((refusedRelay as { error_message: string }).error_message, 'en')).toContain('smtp.example.com');
    const platform = smtpOutcome(smtpError(undefined, 'Greeting never received', 'ETIMEDOUT'));
    expect(readable((platform as { error_message: string }).error_message, 'en')).not.toMatch(/port 0|\u2068\u2069/);
  });
});

describe('SendGrid events → message statuses', () => {
  it('maps delivered, open, bounce and dropped by the X-Message-Id prefix of sg_message_id; ignores the rest', () => {
    const at = new Date(1_700_000_000_000);
    const row = (event: string, sg: string | null, reason: string | null = null) => ({
      event,
      sg_message_id: sg,
      reason,
      occurred_at: at,
      account_id: 7,
    });
    expect(
      statusesOf([
        row('delivered', 'abc.filter0001.1'),
        row('open', 'abc.filter0001.1'),
        row('bounce', 'def.filter0002', '550 mailbox unavailable'),
        row('dropped', 'ghi', null),
        row('processed', 'abc.filter'),
        row('delivered', null),
      ]),
    ).toEqual([
      { channel: 'email', provider_message_id: 'abc', status: 'DELIVERED', at, account_id: 7 },
      { channel: 'email', provider_message_id: 'abc', status: 'READ', at, account_id: 7 },
      {
        channel: 'email',
        provider_message_id: 'def',
        status: 'FAILED',
        at,
        account_id: 7,
        error_code: 'EMAIL_BOUNCE',
        error_message: expect.any(String),
      },
      {
        channel: 'email',
        provider_message_id: 'ghi',
        status: 'FAILED',
        at,
        account_id: 7,
        error_code: 'EMAIL_DROPPED',
        error_message: expect.any(String),
      },
    ]);
    const [, , bounce, dropped] = statusesOf([
      row('delivered', 'a'),
      row('open', 'a'),
      row('bounce', 'def', '550 mailbox unavailable'),
      row('dropped', 'ghi'),
    ]);
    expect(readable(bounce?.error_message ?? null, 'en')).toBe('The receiving mail server bounced it: 550 mailbox unavailable');
    expect(readable(dropped?.error_message ?? null, 'en')).toBe('SendGrid dropped it: dropped');
  });
});
