export const notificationKeys = {
  all: ['notifications'] as const,
  count: () => ['notifications', 'count'] as const,
  unread: (limit: number) => ['notifications', 'unread', limit] as const,
  list: (page: number, limit: number) => ['notifications', 'list', page, limit] as const,
};
