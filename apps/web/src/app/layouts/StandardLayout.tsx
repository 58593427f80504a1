import { AppShell, Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ChatWidget } from '../../components/chat-widget/ChatWidget.tsx';
import { Sidebar } from '../../components/layout/Sidebar.tsx';
import { TopBar } from '../../components/layout/TopBar.tsx';
import { useFeatureAccess } from '../../components/trial/api/get-feature-access.ts';
import { TrialBanner } from '../../components/trial/TrialBanner.tsx';
import { TrialBlock } from '../../components/trial/TrialBlock.tsx';
import { SuspendedBanner } from '../../features/billing/SuspendedBanner.tsx';

const WIDE = '(min-width: 48em)';

/** Sidebar, top bar, trial banner and main content; the trial block replaces the page when due. */
export function StandardLayout() {
  const wide = useMediaQuery(WIDE, typeof window === 'undefined' ? true : window.matchMedia(WIDE).matches);
  const [opened, setOpened] = useState(() => typeof window === 'undefined' || window.matchMedia(WIDE).matches);
  const { pathname } = useLocation();
  const { state } = useFeatureAccess();
  const blocked = state === 'blocked' && pathname !== '/profile';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: opened ? 260 : 72, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      data-layout="standard"
    >
      <TopBar sidebarOpened={opened} onToggleSidebar={() => setOpened((value) => !value)} />
      {/* On a phone the open sidebar covers the page, so an entry click closes it there. */}
      <Sidebar opened={opened} onOpen={() => setOpened(wide)} />
      <AppShell.Main>
        <TrialBanner />
        <SuspendedBanner />
        {/* room at the bottom so the last controls of a page scroll clear of the chat button */}
        <Box p="md" pb={88}>
          {blocked ? <TrialBlock /> : <Outlet />}
        </Box>
      </AppShell.Main>
      {/* the assistant, on every page of this layout; it stays mounted across page changes */}
      {!blocked && <ChatWidget />}
    </AppShell>
  );
}
