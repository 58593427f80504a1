import { OTP } from '@risala/shared';
import { translate } from '@risala/shared/i18n/index.ts';
import type { MailMessage } from './mailer.ts';

/** Names what a system mail is for; the sandbox inbox shows a registrant only their sign-up code by it. */
export const MAIL_KIND_HEADER = 'X-Risala-Mail';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A plain, bilingual-safe HTML frame: `dir` follows the language so Arabic mails read right-to-left. */
function frame(lang: string, paragraphs: string[], highlight?: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0" dir="ltr">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif;color:#1a1b1e;line-height:1.5">${body.replace('{{CODE}}', code)}<p style="color:#868e96">${escapeHtml(translate(lang, 'mail.signature'))}</p></body></html>`;
}

export function otpMail(lang: string, to: string, name: string, purpose: 'register' | 'login' | 'reset', code: string): MailMessage {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, k, p);
  const greeting = t('mail.greeting', { name });
  const intro = t(`mail.otp.${purpose}.intro`);
  const expiry = t('mail.otp.expiry', { minutes: OTP.ttlMinutes });
  return {
    to,
    subject: t(`mail.otp.${purpose}.subject`, { code }),
    text: `${greeting}\n\n${intro}\n\n${code}\n\n${expiry}\n\n${t('mail.signature')}`,
    html: frame(lang, [escapeHtml(greeting), escapeHtml(intro), '{{CODE}}', escapeHtml(expiry)], code),
    headers: { [MAIL_KIND_HEADER]: `otp-${purpose}` },
  };
}

export function resetMail(lang: string, to: string, name: string, link: string, code: string, ttlMinutes: number): MailMessage {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, k, p);
  const lines = [
    t('mail.greeting', { name }),
    t('mail.reset.intro'),
    link,
    t('mail.reset.code', { code }),
    t('mail.reset.expiry', { minutes: ttlMinutes }),
  ];
  return {
    to,
    subject: t('mail.reset.subject'),
    headers: { [MAIL_KIND_HEADER]: 'reset' },
    text: `${lines.join('\n\n')}\n\n${t('mail.signature')}`,
    html: frame(lang, [
      escapeHtml(lines[0]),
      escapeHtml(lines[1]),
      `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      escapeHtml(lines[3]),
      escapeHtml(lines[4]),
    ]),
  };
}

/**
 * To the owner of an address someone tried to register (or to verify again): it already has an
 * account. The caller got the same answer as for a new address; the owner learns what to do here.
 */
export function accountExistsMail(lang: string, to: string, name: string, links: { signIn: string; reset: string }): MailMessage {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, k, p);
  const greeting = t('mail.greeting', { name });
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    to,
    subject: t('mail.accountExists.subject'),
    headers: { [MAIL_KIND_HEADER]: 'account-exists' },
    text: [
      greeting,
      t('mail.accountExists.intro'),
      `${t('mail.accountExists.signIn')} ${links.signIn}`,
      `${t('mail.accountExists.reset')} ${links.reset}`,
      t('mail.accountExists.ignore'),
      t('mail.signature'),
    ].join('\n\n'),
    html: frame(lang, [
      escapeHtml(greeting),
      escapeHtml(t('mail.accountExists.intro')),
      `${escapeHtml(t('mail.accountExists.signIn'))} ${link(links.signIn)}`,
      `${escapeHtml(t('mail.accountExists.reset'))} ${link(links.reset)}`,
      escapeHtml(t('mail.accountExists.ignore')),
    ]),
  };
}

export function supportMails(opts: {
  lang: string;
  supportAddress: string;
  user: { email: string; name: string; accountId: number };
  subject: string;
  category: string;
  message: string;
}): [MailMessage, MailMessage] {
  const { user } = opts;
  const toTeam: MailMessage = {
    to: opts.supportAddress,
    replyTo: user.email,
    subject: translate('en', 'mail.support.subject', { subject: opts.subject }),
    text: [
      translate('en', 'mail.support.from', { name: user.name, email: user.email, account: user.accountId }),
      translate('en', 'mail.support.category', { category: opts.category }),
      '',
      opts.message,
    ].join('\n'),
    html: frame('en', [
      escapeHtml(translate('en', 'mail.support.from', { name: user.name, email: user.email, account: user.accountId })),
      escapeHtml(translate('en', 'mail.support.category', { category: opts.category })),
      escapeHtml(opts.message).replace(/\n/g, '<br>'),
    ]),
  };
  const t = (k: string) => translate(opts.lang, k);
  const confirm: MailMessage = {
    to: user.email,
    subject: t('mail.support.confirmSubject'),
    text: `${t('mail.support.confirmBody')}\n\n${opts.subject}\n${opts.message}`,
    html: frame(opts.lang, [
      escapeHtml(t('mail.support.confirmBody')),
      `<strong>${escapeHtml(opts.subject)}</strong>`,
      escapeHtml(opts.message).replace(/\n/g, '<br>'),
    ]),
  };
  return [toTeam, confirm];
}

/** A colleague's invitation: a single-use link that expires (the token is stored only as an HMAC). */
export function inviteMail(
  lang: string,
  to: string,
  name: string,
  details: { inviter: string; account: string; role: string; link: string; hours: number },
): MailMessage {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, k, p);
  const greeting = t('mail.greeting', { name });
  const intro = t('mail.invite.intro', { inviter: details.inviter, account: details.account, role: details.role });
  const expiry = t('mail.invite.expiry', { hours: details.hours });
  return {
    to,
    subject: t('mail.invite.subject', { inviter: details.inviter, account: details.account }),
    headers: { [MAIL_KIND_HEADER]: 'invite' },
    text: [greeting, intro, details.link, expiry, t('mail.signature')].join('\n\n'),
    html: frame(lang, [
      escapeHtml(greeting),
      escapeHtml(intro),
      `<a href="${escapeHtml(details.link)}">${escapeHtml(details.link)}</a>`,
      escapeHtml(expiry),
    ]),
  };
}

/** A notification sent by email (its type is on by email for the user), in the user's language. */
export function notificationMail(
  lang: string,
  to: string,
  name: string,
  note: { title: string; message: string; settingsLink: string },
): MailMessage {
  const t = (k: string, p: Record<string, string | number> = {}) => translate(lang, k, p);
  const greeting = t('mail.greeting', { name });
  const footer = t('mail.notification.footer');
  return {
    to,
    subject: t('mail.notification.subject', { title: note.title }),
    headers: { [MAIL_KIND_HEADER]: 'notification' },
    text: [greeting, note.message, footer, note.settingsLink, t('mail.signature')].join('\n\n'),
    html: frame(lang, [
      escapeHtml(greeting),
      `<strong>${escapeHtml(note.title)}</strong>`,
      escapeHtml(note.message),
      `${escapeHtml(footer)} <a href="${escapeHtml(note.settingsLink)}">${escapeHtml(note.settingsLink)}</a>`,
    ]),
  };
}

/** A platform operator's sign-in code (admin area): in both languages, operators have no language setting. */
export function operatorCodeMail(to: string, name: string, code: string, ttlMinutes: number): MailMessage {
  const part = (lang: string) => [
    translate(lang, 'mail.greeting', { name: name || to }),
    translate(lang, 'mail.operatorOtp.intro'),
    code,
    translate(lang, 'mail.operatorOtp.expiry', { minutes: ttlMinutes }),
  ];
  const en = part('en');
  const ar = part('ar');
  return {
    to,
    subject: translate('en', 'mail.operatorOtp.subject', { code }),
    text: `${en.join('\n\n')}\n\n—\n\n${ar.join('\n\n')}\n\n${translate('en', 'mail.signature')}`,
    html: frame('en', [escapeHtml(en[0] as string), escapeHtml(en[1] as string), '{{CODE}}', escapeHtml(en[3] as string)], code).replace(
      '</body>',
      `<div dir="rtl" lang="ar">${[ar[1], ar[3]].map((p) => `<p style="margin:0 0 12px">${escapeHtml(p as string)}</p>`).join('')}</div></body>`,
    ),
    headers: { [MAIL_KIND_HEADER]: 'operator-otp' },
  };
}
