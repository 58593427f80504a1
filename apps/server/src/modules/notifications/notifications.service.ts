import type { Notification, NotificationCount, NotificationList, NotificationType } from '@risala/shared';
import { type TranslateParams, translate } from '@risala/shared/i18n/index.ts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { settingFor } from './settings.service.ts';

type Row = typeof notifications.$inferSelect;

export interface Scope {
  accountId: number;
  userId: number;
}

/**
 * Raise a notification from a real event, for one user (title and message are i18n keys rendered
 * per reader). The user's setting for the type decides: kept for the bell when it is on there,
 * queued for email (the notification mailer) when it is on by email, not stored when both are off.
 */
export async function notify(db: DbOrTx, scope: Scope, type: NotificationType, key: string, params: TranslateParams = {}) {
  const setting = await settingFor(db, scope, type);
  if (!setting.bell && !setting.email) return;
  await db.insert(notifications).values({
    account_id: scope.accountId,
    user_id: scope.userId,
    type,
    title_key: `notifications.${key}.title`,
    message_key: `notifications.${key}.message`,
    params,
    shown: setting.bell,
    email_status: setting.email ? 'pending' : 'none',
  });
}

export function render(row: Row, lang: string): Notification {
  const params = (row.params ?? {}) as TranslateParams;
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: translate(lang, row.title_key, params),
    message: translate(lang, row.message_key, params),
    status: row.status as 'unread' | 'read',
    created_at: row.created_at.toISOString(),
    read_at: row.read_at ? row.read_at.toISOString() : null,
  };
}

/** The user's bell: their notifications whose type was on there when raised. */
const mine = (s: Scope) =>
  and(eq(notifications.account_id, s.accountId), eq(notifications.user_id, s.userId), eq(notifications.shown, true));

async function unreadCount(db: DbOrTx, s: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(s), eq(notifications.status, 'unread')));
  return row?.n ?? 0;
}

export async function listNotifications(
  db: DbOrTx,
  s: Scope,
  lang: string,
  q: { page: number; limit: number; status?: 'read' | 'unread' },
): Promise<NotificationList> {
  const where = q.status ? and(mine(s), eq(notifications.status, q.status)) : mine(s);
  // one row more than the page tells whether there is a next page
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(q.limit + 1)
    .offset((q.page - 1) * q.limit);
  return {
    notifications: rows.slice(0, q.limit).map((r) => render(r, lang)),
    unreadCount: await unreadCount(db, s),
    page: q.page,
    limit: q.limit,
    hasMore: rows.length > q.limit,
  };
}

export async function listUnread(db: DbOrTx, s: Scope, lang: string, limit: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(mine(s), eq(notifications.status, 'unread')))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(limit);
  return { notifications: rows.map((r) => render(r, lang)), unreadCount: await unreadCount(db, s) };
}

export async function countNotifications(db: DbOrTx, s: Scope): Promise<NotificationCount> {
  const [row] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.status} = 'unread')`.mapWith(Number),
    })
    .from(notifications)
    .where(mine(s));
  const total = row?.total ?? 0;
  const unread = row?.unread ?? 0;
  return { unreadCount: unread, totalCount: total, readCount: total - unread };
}

export async function markRead(db: DbOrTx, s: Scope, id: number, lang: string) {
  const [row] = await db
    .update(notifications)
    .set({ status: 'read', read_at: sql`coalesce(${notifications.read_at}, now())` })
    .where(and(mine(s), eq(notifications.id, id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return render(row, lang);
}

export async function markAllRead(db: DbOrTx, s: Scope) {
  const rows = await db
    .update(notifications)
    .set({ status: 'read', read_at: new Date() })
    .where(and(mine(s), eq(notifications.status, 'unread')))
    .returning({ id: notifications.id });
  return { markedCount: rows.length };
}
