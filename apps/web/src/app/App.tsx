import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { directionOf } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Keeps Mantine's direction in step with the UI language (the html dir is set by lib/i18n). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const dir = directionOf(i18n.language);
  useEffect(() => setDirection(dir), [dir, setDirection]);
  // bottom centre: never over a page's title, tabs or header buttons (the top
  // did that), nor over what sits at the bottom end: the assistant's button and window, a form's
  // Next or Save. On a phone it rises above the assistant's button (styles.css).
  return <Notifications position="bottom-center" zIndex={4000} limit={4} />;
}

export function App() {
  const { i18n } = useTranslation();
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DirectionSync />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
