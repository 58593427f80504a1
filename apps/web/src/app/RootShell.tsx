import { Outlet } from 'react-router';
import { useDocumentTitle } from '../components/page/document-title.ts';
import { RouteProgress } from '../components/route-progress/RouteProgress.tsx';
import { SessionSwitchPrompt } from '../components/session-switch/SessionSwitchPrompt.tsx';

export function RootShell() {
  useDocumentTitle();
  return (
    <>
      <RouteProgress />
      <SessionSwitchPrompt />
      <Outlet />
    </>
  );
}
