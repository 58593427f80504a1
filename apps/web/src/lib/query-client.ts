import { QueryClient } from '@tanstack/react-query';
import i18n from './i18n.ts';
import { onSessionEnd } from './session-store.ts';

/**
 * No automatic retries: the API client already toasts each failure, and a retry would repeat the
 * toast. Pages offer a "Try again" button instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may leak to the next.
onSessionEnd(() => queryClient.clear());

// The server renders texts (notifications, messages) in the caller's language: fetch them again.
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});
