import type { SupportEmailInput } from '@risala/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { supportMails } from '../../mail/templates.ts';
import { mailsSent } from '../../metrics.ts';
import { notify } from '../notifications/index.ts';
import type { AuthContext } from './guard.ts';
import { findInAccount } from './users.repo.ts';

/** Mail the support team (reply-to the user) and confirm to the user in their language. */
export async function sendSupportEmail(ctx: AppContext, auth: AuthContext, input: SupportEmailInput, lang: string) {
  await enforce(
    ctx.db,
    [ctx.config.rateLimits.supportPerUser, String(auth.userId)],
    [ctx.config.rateLimits.supportPerAccount, String(auth.accountId)],
  );
  const found = await findInAccount(ctx.db, auth.accountId, auth.userId);
  if (!found) throw new AppError('NOT_FOUND');
  const [toTeam, confirm] = supportMails({
    lang,
    supportAddress: ctx.config.supportEmail,
    user: {
      email: found.user.email,
      name: `${found.user.first_name} ${found.user.last_name}`,
      accountId: auth.accountId,
    },
    subject: input.subject,
    category: input.category,
    message: input.message,
  });
  try {
    await ctx.mailer.send(toTeam);
    await ctx.mailer.send(confirm);
  } catch (err) {
    ctx.log.error({ err }, 'support mail failed');
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  mailsSent.inc({ kind: 'support' }, 2);
  await notify(ctx.db, auth, 'system', 'supportSent', { subject: input.subject });
  return { sent: true };
}
