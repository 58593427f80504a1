import { translate } from '@risala/shared/i18n/index.ts';
import { describe, expect, it } from 'vitest';
import { sendgridFailureReason, smtpFailureReason } from './smtp-reasons.ts';

/** An error shaped as nodemailer reports it. */
const mailError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
const text = (lang: 'en' | 'ar', err: unknown) => {
  const r = smtpFailureReason(err, 'smtp.example.com', 587);
  return translate(lang, r.key, r.params);
};

describe("smtpFailureReason — what a user can act on, not nodemailer's words", () => {
  it('maps connection failures', () => {
    expect(smtpFailureReason(mailError('connect ECONNREFUSED', { code: 'ESOCKET', originalCode: 'ECONNREFUSED' }), 'h', 25).key).toBe(
      'senders.email.reasons.refused',
    );
    expect(smtpFailureReason(mailError('getaddrinfo ENOTFOUND', { code: 'EDNS', originalCode: 'ENOTFOUND' }), 'h', 25).key).toBe(
      'senders.email.reasons.hostNotFound',
    );
    expect(smtpFailureReason(mailError('Connection timeout', { code: 'ETIMEDOUT', timeoutType: 'CONNECTION_TIMEOUT' }), 'h', 25).key).toBe(
      'senders.email.reasons.unreachable',
    );
    expect(smtpFailureReason(mailError('connect EHOSTUNREACH', { code: 'ESOCKET', originalCode: 'EHOSTUNREACH' }), 'h', 25).key).toBe(
      'senders.email.reasons.unreachable',
    );
  });

  it('"Greeting never received" becomes a hint about the port and the security setting', () => {
    const greeting = mailError('Greeting never received', { code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' });
    expect(text('en', greeting)).toBe(
      '\u2068smtp.example.com\u2069 accepted the connection on port 587 but did not answer as a mail server: check the port and the security setting (TLS on 465, STARTTLS on 587)',
    );
    expect(text('ar', greeting)).toMatch(/^قبل \u2068smtp\.example\.com\u2069 الاتصال على المنفذ 587/);
    expect(text('ar', greeting)).not.toContain('Greeting');
  });

  it("login, TLS and a refused message keep the server's answer as the detail", () => {
    const auth = mailError('Invalid login: 535 5.7.8 Authentication credentials invalid', {
      code: 'EAUTH',
      response: '535 5.7.8 Authentication credentials invalid',
      responseCode: 535,
    });
    expect(text('en', auth)).toBe(
      'The mail server refused the user name or password: check them, and whether your provider needs an app password. The server answered: \u2068535 5.7.8 Authentication credentials invalid\u2069',
    );
    expect(
      smtpFailureReason(mailError('wrong version number', { code: 'ESOCKET', originalCode: 'ERR_SSL_WRONG_VERSION_NUMBER' }), 'h', 465).key,
    ).toBe('senders.email.reasons.tls');
    expect(smtpFailureReason(mailError('Error upgrading connection with STARTTLS', { code: 'ETLS' }), 'h', 587).key).toBe(
      'senders.email.reasons.tls',
    );
    const rcpt = mailError("Can't send mail", { code: 'EENVELOPE', response: '550 5.7.1 Relaying denied', responseCode: 550 });
    expect(text('ar', rcpt)).toBe('رفض خادم البريد الرسالة: \u2068550 5.7.1 Relaying denied\u2069');
  });

  it('SendGrid: a refused key, a refusal, unreachable', () => {
    expect(sendgridFailureReason(401, 'The provided authorization grant is invalid').key).toBe('senders.email.reasons.withDetail');
    const key = sendgridFailureReason(401, 'The provided authorization grant is invalid');
    expect(translate('en', key.key, key.params)).toMatch(
      /^SendGrid refused the API key.*The server answered: \u2068The provided authorization grant is invalid\u2069$/,
    );
    const refused = sendgridFailureReason(413, '');
    expect(translate('en', refused.key, refused.params)).toBe('SendGrid refused the message (HTTP 413)');
  });
});
