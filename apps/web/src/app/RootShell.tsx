import { Outlet } from 'react-router';
import { RouteProgress } from '../components/route-progress/RouteProgress.tsx';

export function RootShell() {
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
