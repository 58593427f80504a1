import { Outlet } from 'react-router';
import { RouteProgress } from '../components/route-progress/RouteProgress.tsx';
import { SessionSwitchPrompt } from '../components/session-switch/SessionSwitchPrompt.tsx';

export function RootShell() {
  return (
    <>
      <RouteProgress />
      <SessionSwitchPrompt />
      <Outlet />
    </>
  );
}
