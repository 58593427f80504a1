/**
 * The notification mailer: sends the notifications queued for email (email_status 'pending') in
 * each recipient's language, then marks them sent. It runs in the job worker every few seconds;
 * rows are claimed with SKIP LOCKED, so two workers never mail the same one. A mail that fails stays
 * pending and is tried again on the next round (at least once, never silently dropped).
 */
import { translate, type TranslateParams } from '@risala/shared/i18n/index.ts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notificationMail } from '../../mail/templates.ts';

const MAIL_EVERY_MS = 5_000;
const BATCH = 50;

interface Pending {
  id: number;
  account_id: number;
  title_key: string;
  message_key: string;
  params: TranslateParams;
  email: string;
  first_name: string;
  language: string;
  status: string;
}

/** One round: mails up to `limit` pending notifications; returns how many were sent. */
export async function mailPendingNotifications(ctx: AppContext, limit = BATCH): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Pending & Record<string, unknown>>(sql`
      select n.id, n.account_id, n.title_key, n.message_key, n.params, u.email, u.first_name, u.language, u.status
        from notifications n join users u on u.id = n.user_id and u.account_id = n.account_id
       where n.email_status = 'pending'
       order by n.id
       limit ${limit}
       for update of n skip locked`);
    let sent = 0;
    for (const row of rows) {
      // an inactive user gets no mail; the row stops waiting
      if (row.status === 'ACTIVE') {
        const lang = row.language === 'ar' ? 'ar' : 'en';
        const mail = notificationMail(lang, row.email, row.first_name, {
          title: translate(lang, row.title_key, row.params),
          message: translate(lang, row.message_key, row.params),
          settingsLink: `${ctx.config.publicUrl}/notification-settings`,
        });
        try {
          await ctx.mailer.send(mail);
          sent += 1;
        } catch (err) {
          ctx.log.warn({ err, notification: row.id }, 'notification mail failed; tried again next round');
          continue;
        }
      }
      await tx.execute(sql`update notifications set email_status = 'sent' where id = ${row.id} and account_id = ${row.account_id}`);
    }
    return sent;
  });
}

export interface NotificationMailer {
  stop(): Promise<void>;
}

/** Mails pending notifications every few seconds until stopped (started by the job worker). */
export function startNotificationMailer(ctx: AppContext, everyMs = MAIL_EVERY_MS): NotificationMailer {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() => mailPendingNotifications(ctx)).catch((err) => ctx.log.error({ err }, 'notification mailer failed'));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
