import { z } from 'zod';
import { envelopeOf } from './common.ts';

export const NOTIFICATION_TYPES = [
  'template_status',
  'sender_status',
  'automation_status',
  'ai_plan_status',
  'campaign_status',
  'credits_low',
  'system',
  'billing_due',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  status: z.enum(['unread', 'read']),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'validation.min' }).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'validation.min' })
    .max(100, {
      error: 'validation.max',
    })
    .default(20),
  status: z.enum(['unread', 'read']).optional(),
});
export const unreadQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
  page: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationCountSchema = z.object({
  unreadCount: z.number(),
  totalCount: z.number(),
  readCount: z.number(),
});
export type NotificationCount = z.infer<typeof notificationCountSchema>;

export const notificationListEnvelopeSchema = envelopeOf(notificationListSchema);
export const unreadNotificationsEnvelopeSchema = envelopeOf(
  z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int() }),
);
export const notificationCountEnvelopeSchema = envelopeOf(notificationCountSchema);
export const markedReadEnvelopeSchema = envelopeOf(z.object({ markedCount: z.number().int() }));
export const notificationReadEnvelopeSchema = envelopeOf(z.object({ notification: notificationSchema }));
