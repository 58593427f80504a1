/**
 * Notification settings, per user and per type: in the bell, by email. A type the user never set
 * has its default (NOTIFICATION_DEFAULTS); a change writes its audit entry in the same transaction.
 */
import { NOTIFICATION_TYPES, type NotificationType } from '@risala/shared';
import {
  NOTIFICATION_DEFAULTS,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@risala/shared/schemas/notification-settings';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { audit, userActor } from '../audit/index.ts';
import type { Scope } from './notifications.service.ts';

type Stored = { type: string; bell: boolean; email: boolean };

async function stored(db: DbOrTx, s: Scope): Promise<Map<string, Stored>> {
  const { rows } = await db.execute<Stored & Record<string, unknown>>(
    sql`select type, bell, email from notification_settings where account_id = ${s.accountId} and user_id = ${s.userId}`,
  );
  return new Map(rows.map((r) => [r.type, r]));
}

/** The user's setting for one type (what `notify` follows). */
export async function settingFor(db: DbOrTx, s: Scope, type: NotificationType) {
  const { rows } = await db.execute<{ bell: boolean; email: boolean }>(sql`
    select bell, email from notification_settings
     where account_id = ${s.accountId} and user_id = ${s.userId} and type = ${type}`);
  return rows[0] ?? NOTIFICATION_DEFAULTS[type];
}

export async function getSettings(db: DbOrTx, s: Scope): Promise<NotificationSettings> {
  const mine = await stored(db, s);
  return {
    settings: NOTIFICATION_TYPES.map((type) => {
      const row = mine.get(type);
      return {
        type,
        bell: row?.bell ?? NOTIFICATION_DEFAULTS[type].bell,
        email: row?.email ?? NOTIFICATION_DEFAULTS[type].email,
        custom: !!row,
      };
    }),
  };
}

export async function putSettings(db: DbOrTx, s: Scope, input: NotificationSettingsInput, ip: string) {
  await db.transaction(async (tx) => {
    const before = await getSettings(tx, s);
    for (const row of input.settings) {
      await tx.execute(sql`
        insert into notification_settings (account_id, user_id, type, bell, email)
        values (${s.accountId}, ${s.userId}, ${row.type}, ${row.bell}, ${row.email})
        on conflict (account_id, user_id, type) do update set bell = excluded.bell, email = excluded.email, updated_at = now()`);
    }
    const changed = input.settings.filter((row) => {
      const was = before.settings.find((b) => b.type === row.type);
      return was?.bell !== row.bell || was?.email !== row.email;
    });
    if (changed.length) {
      await audit(tx, {
        accountId: s.accountId,
        actor: userActor(s.userId),
        action: 'notification_settings.updated',
        target: { type: 'user', id: s.userId },
        ip,
        data: { changed: changed.map(({ type, bell, email }) => ({ type, bell, email })) },
      });
    }
  });
  return getSettings(db, s);
}
