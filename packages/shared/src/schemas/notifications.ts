import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'template_status',
  'sender_status',
  'automation_status',
  'ai_plan_status',
  'campaign_status',
  'system',
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

export interface NotificationList {
  notifications: Notification[];
  unreadCount: number;
  page: number;
  limit: number;
  hasMore: boolean;
}
export interface NotificationCount {
  unreadCount: number;
  totalCount: number;
  readCount: number;
}
