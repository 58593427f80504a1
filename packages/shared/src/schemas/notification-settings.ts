import { z } from 'zod';
import { envelopeOf } from './common.ts';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.ts';

/**
 * Notification settings (/notification-settings): per user and per notification type,
 * shown in the bell or not, sent by email or not. A user who never chose has the defaults: every
 * type in the bell; by email only the outcomes people wait for (a template, sender or campaign
 * approved or rejected).
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, { bell: boolean; email: boolean }> = {
  template_status: { bell: true, email: true },
  sender_status: { bell: true, email: true },
  automation_status: { bell: true, email: false },
  ai_plan_status: { bell: true, email: false },
  campaign_status: { bell: true, email: true },
  credits_low: { bell: true, email: true },
  system: { bell: true, email: false },
  // what the account owes: due dates, overdue, suspension (owners are told in the bell and by email)
  billing_due: { bell: true, email: true },
};

export const notificationSettingSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: 'validation.required' }),
  bell: z.boolean({ error: 'validation.required' }),
  email: z.boolean({ error: 'validation.required' }),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** PUT: any subset of the types, each once; types left out keep their setting. */
export const notificationSettingsInputSchema = z.object({
  settings: z
    .array(notificationSettingSchema)
    .min(1, { error: 'validation.required' })
    .max(NOTIFICATION_TYPES.length)
    .refine((rows) => new Set(rows.map((r) => r.type)).size === rows.length, { error: 'validation.notificationSettings.duplicate' }),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** GET/PUT answer: every type, in the catalogue's order, with `custom` false while it is the default. */
export const notificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema.extend({ custom: z.boolean() })),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsEnvelopeSchema = envelopeOf(notificationSettingsSchema);
